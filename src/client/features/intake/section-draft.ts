/**
 * The intake editor's data side without React: what is on screen, whether it is saved, the one save path
 * (`persist`) and the auto-save around it. `SectionSession` adds the buttons, submit and conflict choices.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { errorsByPath } from '../../../forms';
import { isApiError } from '../../lib/api-error';
import { DraftSaver } from '../../lib/draft/draft-saver';
import {
  type ConflictInfo,
  type IntakeRecord,
  type IntakeStatus,
  type SaveAnswer,
  type SectionData,
  sectionOf,
} from './api/types';
import { draftHints } from './draft-hints';
import { sameData } from './form-data';
import { sectionPath } from './intake-paths';
import { saveFailure } from './save-errors';
import { initialState, type SectionEditorState, type SectionHost } from './section-host';

/** Spec section 9. */
export const AUTO_SAVE_DELAY = 2000;
/** Pauses before retrying a failed auto-save: quick at first, then every 30 s. */
export const AUTO_SAVE_RETRY_DELAYS = [2000, 5000, 10_000, 30_000] as const;

export class SectionDraft {
  /** What the screen draws (`useStore`). */
  readonly store: StoreApi<SectionEditorState>;
  /** The data as it is now (the form's latest report), not only what was last drawn. */
  protected data: SectionData;
  /** Changes the form reported; while it equals the count of the last save, nothing needs comparing. */
  protected changes = 0;
  protected savedChange = 0;
  /** The data of the last save (or load); a change that was undone is no change. */
  protected savedData: SectionData;
  /** Data the server refused as it is (400...): not sent again until it changes. */
  protected rejectedData: SectionData | null = null;
  /** Text commits seen: a change that comes from a typing pause counts from the last key, not from now. */
  private seenCommits = 0;
  protected recordId: string | undefined;
  protected recordVersion: number | undefined;
  protected running: Promise<unknown> | null = null;
  /** After a refused Submit the messages follow the answers as they are corrected. */
  protected submitTried = false;
  /** Leaving after a submit, or the leave question is open: nothing is saved under it. */
  protected leaving = false;
  private asking = false;
  protected saver: DraftSaver | null = null;
  private stopEdits: (() => void) | undefined;

  constructor(
    protected host: SectionHost,
    record: IntakeRecord | undefined,
  ) {
    this.data = host.form.prepare(sectionOf(record, this.part.key));
    this.savedData = this.data;
    this.recordId = record?.id;
    this.recordVersion = record?.version;
    const initial = initialState(this.data, record);
    this.store = createStore<SectionEditorState>()(() => initial);
  }

  protected get state(): SectionEditorState {
    return this.store.getState();
  }

  get part() {
    return this.host.parts[this.host.index] as SectionHost['parts'][number];
  }
  get isFirst(): boolean {
    return this.host.index === 0;
  }

  /** The screen's latest words, callbacks and language (each render). */
  update(host: SectionHost): void {
    this.host = host;
  }

  /** A patch that changes nothing draws nothing (a key typed into a field that is already unsaved). */
  protected set(patch: Partial<SectionEditorState>): void {
    const keys = Object.keys(patch) as (keyof SectionEditorState)[];
    if (keys.every((key) => Object.is(this.state[key], patch[key]))) return;
    this.store.setState(patch);
  }

  /** Starts the auto-save and listens to keys; `stop` ends both (StrictMode starts a fresh pair). */
  start(): void {
    this.saver = new DraftSaver({
      delay: AUTO_SAVE_DELAY,
      retryDelays: AUTO_SAVE_RETRY_DELAYS,
      beforeCheck: () => this.host.pendingEdits.flush(),
      shouldSave: () => this.shouldAutoSave(),
      isBusy: () => this.running !== null,
      save: async () => {
        try {
          await this.persist('draft');
        } catch (error) {
          // only transient failures are retried; a conflict waits for the user, a refusal for a change
          if (saveFailure(error) === 'transient') throw error;
        }
      },
      onStatus: (auto) => this.set({ auto }),
    });
    // a key is a change the moment it is typed: unsaved, and the auto-save counts 2 s from it
    this.stopEdits = this.host.pendingEdits.onEdit(() => {
      this.set({ dirty: true });
      this.saver?.changed();
    });
  }

  stop(): void {
    this.saver?.dispose();
    this.saver = null;
    this.stopEdits?.();
  }

  // compared when asked (a save check, a navigation), never per key
  isDirty(): boolean {
    return (
      this.host.pendingEdits.hasPending() ||
      (this.changes !== this.savedChange && !sameData(this.data, this.savedData))
    );
  }

  /** The leave question's rule: unsaved changes, unless the address only gains the new record's id. */
  readonly shouldAsk = (nextPathname?: string): boolean => {
    if (this.leaving || !this.isDirty()) return false;
    return !(nextPathname && this.recordId && nextPathname === sectionPath(this.recordId, this.part));
  };

  /** While the leave question is open nothing changes under it; when it closes, unsaved changes count down. */
  setAsking(asking: boolean, settled: boolean): void {
    this.asking = asking;
    if (settled) this.saver?.settled();
  }

  private shouldAutoSave(): boolean {
    if (this.leaving || this.asking || this.state.conflict) return false;
    if (!this.isDirty()) {
      // changed and changed back: saved after all
      this.savedChange = this.changes;
      this.set({ dirty: false });
      return false;
    }
    // a new intake becomes a client only by a save the practitioner chooses: no half-typed duplicates (ADR 112)
    if (this.recordId === undefined) return false;
    if (this.rejectedData && sameData(this.data, this.rejectedData)) return false;
    return this.host.form.draftErrors(this.data).length === 0;
  }

  /** The form reported new data (`fieldId` absent: its own report, e.g. defaults on load). */
  change(next: SectionData, fieldId?: string): void {
    const { form, pendingEdits } = this.host;
    if (fieldId === undefined && sameData(next, this.data)) {
      this.data = next;
      return;
    }
    // rows get their id when added; otherwise the form's data is used as it is, not copied
    const withIds = form.withRowIds(next);
    this.data = withIds;
    if (withIds !== next) this.set({ formData: withIds });
    this.changes += 1;
    this.set({ dirty: true });
    const fromTyping = pendingEdits.commits !== this.seenCommits;
    this.seenCommits = pendingEdits.commits;
    this.saver?.changed(fromTyping ? this.host.now() - pendingEdits.lastEditAt : 0);
    this.set({ draftInvalid: form.draftErrors(withIds).length > 0 });
    if (this.submitTried) this.set({ fieldErrors: this.submitErrors(withIds) });
    // a draft's messages go as their answers are corrected; new ones wait for the next save
    const { hints } = this.state;
    if (Object.keys(hints).length > 0) {
      const now = draftHints(form.fullErrors(withIds), withIds);
      this.set({ hints: Object.fromEntries(Object.entries(now).filter(([path]) => path in hints)) });
    }
  }

  /** Submit needs the whole section: its messages by path, undefined when there are none. */
  protected submitErrors(value: SectionData): Record<string, string> | undefined {
    const errors = errorsByPath(this.host.form.fullErrors(value));
    return Object.keys(errors).length > 0 ? errors : undefined;
  }

  protected showConflict(body: Record<string, unknown> | undefined, submitted: boolean): void {
    const info: ConflictInfo = {
      updatedAt: String(body?.updatedAt ?? ''),
      version: Number(body?.version),
      submitted,
    };
    this.set({ conflict: info });
  }

  /** The one way a section reaches the server; never runs twice at once (callers wait for `running`). */
  protected async persist(status: IntakeStatus): Promise<SaveAnswer> {
    const { form, api, pendingEdits } = this.host;
    // text still in a field is part of what the user saves
    pendingEdits.flush();
    const sent = this.data;
    const sentChange = this.changes;
    const request = api.save({
      id: this.recordId,
      section: this.part.key,
      data: sent,
      status,
      version: this.recordVersion,
    });
    this.running = request;
    try {
      const answer = await request;
      const created = this.recordId === undefined;
      // what the server stored: shown at once unless the user typed on meanwhile
      const stored = form.normalize(sent);
      if (stored !== sent && this.data === sent) {
        this.data = stored;
        this.set({ formData: stored });
      }
      this.recordId = answer.id;
      this.recordVersion = answer.version;
      this.savedChange = sentChange;
      this.savedData = stored;
      this.rejectedData = null;
      this.set({
        rejected: false,
        lastSavedAt: new Date(answer.updatedAt),
        hints: draftHints(form.fullErrors(stored), stored),
      });
      this.set({ dirty: this.isDirty() });
      api.saved(answer, this.part.key, form.ref, stored);
      if (created) {
        this.set({ id: answer.id });
        this.host.onCreated(answer.id);
        // the same screen, now with its id: no reload, no history entry
        this.host.navigate(sectionPath(answer.id, this.part), { replace: true });
      }
      return answer;
    } catch (error) {
      const failure = saveFailure(error);
      const body = isApiError(error) ? error.body : undefined;
      if (failure === 'conflict' || failure === 'submitted') this.showConflict(body, failure === 'submitted');
      else if (failure === 'refused') {
        this.rejectedData = sent;
        this.set({ rejected: true });
      }
      throw error;
    } finally {
      this.running = null;
    }
  }
}
