import type { AnswerKeeper } from './answer-keeper';
import type { Answers, Outcome } from './respond-api';

export type SyncStatus = 'saved' | 'saving' | 'offline' | 'closed';

/**
 * Sends the answers as the respondent goes: each change is kept on the device at once and sent after a short
 * pause; a change made offline waits in the keeper and is sent when the browser is back online.
 */
export function createAnswerSync(options: {
  keeper: AnswerKeeper;
  send: (answers: Answers) => Promise<Outcome<unknown>>;
  onStatus: (status: SyncStatus, outcome?: Outcome<unknown>) => void;
  delayMs?: number;
}) {
  const { keeper, send, onStatus, delayMs = 800 } = options;
  let latest: Answers | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending = false;
  let again = false;

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (latest === undefined) return;
    if (sending) {
      again = true;
      return;
    }
    const answers = latest;
    sending = true;
    onStatus('saving');
    const outcome = await send(answers);
    sending = false;
    if (outcome.kind === 'ok') {
      if (latest === answers) {
        keeper.keep(answers, false);
        latest = undefined;
        onStatus('saved');
      }
    } else if (outcome.kind === 'offline') {
      onStatus('offline');
    } else {
      onStatus('closed', outcome);
    }
    if (again) {
      again = false;
      if (latest !== undefined && outcome.kind === 'ok') await flush();
    }
  }

  return {
    /** A change: kept now, sent after the pause. */
    change(answers: Answers): void {
      latest = answers;
      keeper.keep(answers, true);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void flush(), delayMs);
    },
    /** Marks answers (from the device, at start) as still to send. */
    queue(answers: Answers): void {
      latest = answers;
    },
    flush,
    hasPending: () => latest !== undefined,
    stop(): void {
      if (timer) clearTimeout(timer);
    },
  };
}

export type AnswerSync = ReturnType<typeof createAnswerSync>;
