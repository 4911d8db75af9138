import { useCallback, useEffect, useRef, useState } from 'react';
import { type PendingEdits, TEXT_COMMIT_DELAY } from './pending-edits';

export interface BufferedTextOptions {
  /** The form's value, as the text the field shows. */
  value: string;
  /** Hands text to the form (the widget's RJSF `onChange`, after mapping '' to the empty value). */
  onCommit: (text: string) => void;
  /** The form's registry (`formContext.pendingEdits`), so submit, save and leave can flush or ask. */
  pendingEdits?: PendingEdits;
  /** Typing pause before the text is handed over. */
  delay?: number;
  /**
   * False for an uncontrolled field (the DOM holds what is typed): a key then renders nothing, and `text`
   * changes only with values from outside, which the field writes into the DOM itself.
   */
  renderKeys?: boolean;
}

export interface BufferedText {
  /**
   * What the field shows: the user's text while it is pending, else the form's value. With `renderKeys:
   * false`, only the last text from outside; what was typed since is in `latest()` (and in the DOM).
   */
  text: string;
  /** The newest text: typed, pending or the form's. */
  latest: () => string;
  /** The user typed: show it at once, hand it to the form after a pause. */
  change: (text: string) => void;
  /** Hand pending text to the form now (blur); does nothing when nothing is pending. */
  commit: () => void;
}

/**
 * A free-text field's local copy of its value (ADR 006): a key re-draws this field only, and the form hears
 * of the text when typing pauses, on `commit()` (blur), on a registry flush (a submit, by click or Enter, flushes) and on unmount. A new value
 * from outside (server data, a conflict reload, a reset) replaces the text unless the user has text pending,
 * which is never overwritten.
 */
export function useBufferedText({
  value,
  onCommit,
  pendingEdits,
  delay = TEXT_COMMIT_DELAY,
  renderKeys = true,
}: BufferedTextOptions): BufferedText {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const pending = useRef(false);
  const latestText = useRef(value);
  const latestCommit = useRef(onCommit);
  latestCommit.current = onCommit;
  const registry = useRef(pendingEdits);
  registry.current = pendingEdits;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** When the pause ends: a key moves it on without touching the timer (one timer per pause, not per key). */
  const deadline = useRef(0);

  if (value !== seen) {
    // a value from outside: shown unless the user's own text is still on its way
    setSeen(value);
    if (!pending.current) {
      setText(value);
      latestText.current = value;
    }
  }

  const commit = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!pending.current) return;
    pending.current = false;
    registry.current?.committed();
    latestCommit.current(latestText.current);
  }, []);

  const wake = useCallback(() => {
    const left = deadline.current - Date.now();
    if (left > 0) timer.current = setTimeout(wake, left);
    else commit();
  }, [commit]);

  const change = useCallback(
    (next: string) => {
      latestText.current = next;
      pending.current = true;
      if (renderKeys) setText(next);
      deadline.current = Date.now() + delay;
      timer.current ??= setTimeout(wake, delay);
      registry.current?.edited();
    },
    [wake, delay, renderKeys],
  );
  const latest = useCallback(() => latestText.current, []);

  useEffect(() => {
    const unregister = pendingEdits?.register({ pending: () => pending.current, commit });
    return () => {
      unregister?.();
    };
  }, [pendingEdits, commit]);
  // nothing typed is dropped when the field goes away (a section closes, a row is re-keyed)
  useEffect(() => commit, [commit]);

  return { text, change, commit, latest };
}
