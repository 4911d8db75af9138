/**
 * Pending edits: text a field holds that its form has not received yet (ADR 006).
 *
 * Free-text widgets keep what the user types in their own state and hand it to the form (RJSF `onChange`)
 * when typing pauses, on blur and on a flush (submit, save), so a keystroke re-draws at most one field, not the whole form.
 * Whatever reads the form's data must call `flush()` first; whatever asks "are there unsaved changes?" must
 * also ask `hasPending()`. SchemaForm makes one registry per form (or takes the screen's through its
 * `pendingEdits` prop), flushes it before a submit and on a language switch, and hands it to the widgets in
 * `formContext.pendingEdits`. A widget joins with `useBufferedText` (`use-buffered-text.ts`); a screen that
 * renders its own inputs may register them here too.
 */
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createStore } from 'zustand/vanilla';

/** Typing pause after which a field hands its text to the form. */
export const TEXT_COMMIT_DELAY = 300;

/** One field with a local copy of its value. */
export interface PendingField {
  /** Whether it holds text the form has not received. */
  pending(): boolean;
  /** Hands that text to the form (its `onChange`) now; does nothing when nothing is pending. */
  commit(): void;
}

export interface PendingEdits {
  /** Adds a field; returns the function that removes it. */
  register(field: PendingField): () => void;
  /**
   * Hands every field's pending text to the form. `sync` (default) also lets React apply it before
   * returning, so the form's `onChange` has run and the screen's copy of the data is current; use it from
   * event handlers and timers, never while React renders. Inside a submit event pass `sync: false`:
   * RJSF applies changes queued in the same event before it validates the submit.
   */
  flush(options?: { sync?: boolean }): void;
  /** Whether some field holds text the form has not received (unsaved, even if the data looks clean). */
  hasPending(): boolean;
  /** Fields call this on every local edit (each key). */
  edited(): void;
  /** Fields call this when they hand text to the form. */
  committed(): void;
  /** Called on every local edit of any field, before the form hears of it; returns the unsubscribe. */
  onEdit(listener: () => void): () => void;
  /** How many commits fields have made: a screen can tell a change that came from a typing pause. */
  readonly commits: number;
  /** `Date.now()` of the last local edit, 0 before the first one. */
  readonly lastEditAt: number;
}

export function createPendingEdits(): PendingEdits {
  const fields = new Set<PendingField>();
  const edits = createStore(() => ({ lastEditAt: 0 }));
  let commits = 0;
  const commitAll = (list: PendingField[]) => {
    for (const field of list) field.commit();
  };
  return {
    register(field) {
      fields.add(field);
      return () => {
        fields.delete(field);
      };
    },
    flush({ sync = true } = {}) {
      const waiting = [...fields].filter((field) => field.pending());
      if (waiting.length === 0) return;
      if (sync) flushSync(() => commitAll(waiting));
      else commitAll(waiting);
    },
    hasPending: () => [...fields].some((field) => field.pending()),
    edited() {
      edits.setState({ lastEditAt: Date.now() });
    },
    committed() {
      commits += 1;
    },
    onEdit(listener) {
      return edits.subscribe(() => listener());
    },
    get commits() {
      return commits;
    },
    get lastEditAt() {
      return edits.getState().lastEditAt;
    },
  };
}

/** A registry for the component's life: pass it to `<SchemaForm pendingEdits>` and flush it before reading. */
export function usePendingEdits(): PendingEdits {
  const [registry] = useState(createPendingEdits);
  return registry;
}
