/**
 * A questionnaire's answers as a draft (ADR 110): the in-session fill and the respondent's page both hold their
 * answers here. The saving rules are `DraftSaver`'s; this adds what is saved, its version, the device copy of
 * the offline mode, and the state a screen draws (the product's one store primitive, ADR 118).
 */
import { createStore } from 'zustand/vanilla';
import type { DeviceCopy } from './device-copy';
import { type Connection, DraftSaver, type DraftSaveStatus } from './draft-saver';

export type Answers = Record<string, unknown>;

/** What a save came to; a failure worth retrying (no connection, the server away) is a rejection instead. */
export type SaveOutcome =
  | { kind: 'saved'; version?: number; savedAt: Date }
  /** 409: another version was saved elsewhere; the answers on screen stay until the user chooses. */
  | { kind: 'stale'; version?: number; savedAt?: Date }
  /** Submitted elsewhere, or the link closed: nothing more is saved. */
  | { kind: 'closed' }
  /** Refused as they are (400): not sent again until they change. */
  | { kind: 'refused' };

export interface AnswersDraftState extends DraftSaveStatus {
  answers: Answers;
  /** Answers not saved yet. */
  dirty: boolean;
  lastSavedAt: Date | null;
  /** A stale save: where the server stands; the answers on screen are kept. */
  conflict: { version?: number; savedAt?: Date } | null;
  closed: boolean;
}

export interface AnswersDraftOptions {
  answers: Answers;
  version?: number;
  savedAt: Date | null;
  /** Answers the device kept that the server has not seen: sent at start. */
  pending?: boolean;
  save: (answers: Answers, version: number | undefined) => Promise<SaveOutcome>;
  /** The offline mode's copy on the device (the respondent's page); none: the server's copy only. */
  copy?: DeviceCopy<Answers>;
  delay: number;
  retryDelays: readonly number[];
  connection?: Connection;
}

const idleStatus: DraftSaveStatus = { saving: false, failed: false, offline: false, submitting: false };

export function createAnswersDraft(options: AnswersDraftOptions) {
  const { copy } = options;
  let version = options.version;
  /** The answers of the last save (or load); a save sends only what differs. */
  let saved: Answers | null = options.pending ? null : options.answers;
  let refused: Answers | null = null;

  const store = createStore<AnswersDraftState>()(() => ({
    ...idleStatus,
    answers: options.answers,
    dirty: options.pending === true,
    lastSavedAt: options.savedAt,
    conflict: null,
    closed: false,
  }));
  const { getState: get, setState: set } = store;

  const unsaved = () => {
    const { answers, conflict, closed } = get();
    return !closed && conflict === null && answers !== saved && answers !== refused;
  };

  let saver: DraftSaver | null = null;
  /** The saver runs between `start` and `stop` (a screen's effect; StrictMode runs it twice). */
  function start(): DraftSaver {
    saver?.dispose();
    saver = new DraftSaver({
      delay: options.delay,
      retryDelays: options.retryDelays,
      shouldSave: unsaved,
      connection: options.connection,
      onStatus: (status) => set(status),
      save: async () => {
        const sent = get().answers;
        const outcome = await options.save(sent, version);
        settle(outcome, sent);
      },
    });
    // answers the server has not seen yet (kept on the device): sent now
    if (get().dirty) saver.online();
    return saver;
  }
  const running = () => saver ?? start();

  /** A save or submit answered: the state follows, the device copy with it. */
  function settle(outcome: SaveOutcome, sent: Answers): void {
    if (outcome.kind === 'saved') {
      if (outcome.version !== undefined) version = outcome.version;
      saved = sent;
      const dirty = get().answers !== sent;
      copy?.keep(get().answers, dirty);
      set({ dirty, lastSavedAt: outcome.savedAt });
    } else if (outcome.kind === 'stale') {
      set({ conflict: { version: outcome.version, savedAt: outcome.savedAt } });
    } else if (outcome.kind === 'closed') {
      set({ closed: true });
      saver?.dispose();
    } else {
      refused = sent;
    }
  }

  return {
    /** What a screen draws (`useStore`). */
    store,
    getState: get,
    start: (): void => void start(),
    stop(): void {
      saver?.dispose();
      saver = null;
    },
    /** New answers: kept on the device at once, saved after the pause. */
    change(answers: Answers): void {
      set({ answers, dirty: true });
      copy?.keep(answers, true);
      saver?.changed();
    },
    /** Saves now what is unsaved (the Save button, leaving the page). */
    flush: () => running().flush(),
    /**
     * Sends the answers as the response: after the save that runs, instead of any further one. `send` rejects
     * when worth retrying; the submit is then sent again by itself (on the clock, or when the device is back
     * online). Resolves with `send`'s answer once it went through.
     */
    submit<R>(send: (answers: Answers, version: number | undefined) => Promise<R>): Promise<R> {
      let result: R;
      return running()
        .submit(async () => {
          result = await send(get().answers, version);
        })
        .then(() => result);
    },
    /** A submit found another version saved elsewhere: the answers stay, the user chooses. */
    stale: (at: { version?: number; savedAt?: Date }) => settle({ kind: 'stale', ...at }, get().answers),
    /** The conflict's first choice: this screen's answers saved over the other version. */
    overwrite(): Promise<void> {
      const { conflict } = get();
      if (conflict?.version !== undefined) version = conflict.version;
      set({ conflict: null });
      return running().flush();
    },
    /** The conflict's other choice: the server's answers replace the screen's. */
    reloaded(answers: Answers, nextVersion: number, savedAt: Date): void {
      version = nextVersion;
      saved = answers;
      copy?.keep(answers, false);
      set({ answers, dirty: false, conflict: null, lastSavedAt: savedAt });
    },
    /** The answers were sent as the response: nothing is kept or saved any more. */
    done(): void {
      copy?.clear();
      saver?.dispose();
    },
  };
}
