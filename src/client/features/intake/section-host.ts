/** What the intake editor's session needs from its screen: injected, so the session runs without React. */
import type { FieldError, ManifestPart } from '../../../forms';
import type { FormRef } from '../../../shared';
import type { PendingEdits } from '../../forms/pending-edits';
import type { DraftSaveStatus } from '../../lib/draft/draft-saver';
import type { Action } from './action-bar';
import type { SaveInput } from './api/save-intake';
import type { ConflictInfo, IntakeRecord, SaveAnswer, SectionData } from './api/types';
import type { MissingSection } from './submit-check';

/** The section's form: its pinned version's rules, as plain functions of the data. */
export interface SectionForm {
  /** Defaults and row ids of loaded data. */
  prepare(data: SectionData | undefined): SectionData;
  withRowIds(data: SectionData): SectionData;
  /** What the server stores (a phone as +905321234567). */
  normalize(data: SectionData): SectionData;
  draftErrors(data: SectionData): FieldError[];
  /** Full validation, in page order. */
  fullErrors(data: SectionData): FieldError[];
  /** The form and version a save pins (ADR 001). */
  ref: FormRef;
}

export interface SectionApi {
  save(input: SaveInput): Promise<SaveAnswer>;
  reopen(id: string): Promise<SaveAnswer>;
  /** The record as the server has it now (and the cache with it). */
  load(id: string): Promise<IntakeRecord>;
  /** The cached record, if any. */
  cached(id: string): IntakeRecord | undefined;
  /** A save went through: the cache and the list learn of it. */
  saved(answer: SaveAnswer, section: string, form: SectionForm['ref'], data: SectionData): void;
}

export interface SectionHost {
  parts: readonly ManifestPart[];
  index: number;
  form: SectionForm;
  api: SectionApi;
  pendingEdits: PendingEdits;
  navigate(to: string, options?: { replace?: boolean; state?: unknown }): void;
  /** The first save created the record, before the address changes to its id. */
  onCreated(id: string): void;
  toast(kind: 'success' | 'error', text: string): void;
  /** The interface's words (`intake` namespace). */
  t(key: string): string;
  /** Brings the conflict choice into view. */
  scrollToConflict(): void;
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

/** What the screen draws; a new object whenever something in it changes. */
export interface SectionEditorState {
  formData: SectionData;
  /** The record's id, once it has one. */
  id: string | undefined;
  dirty: boolean;
  draftInvalid: boolean;
  busy: Action | null;
  redirecting: boolean;
  lastSavedAt: Date | null;
  conflict: ConflictInfo | null;
  resolving: boolean;
  /** Field path -> message: the server's, or those of a refused Submit (full validation). */
  fieldErrors: Record<string, string> | undefined;
  rejected: boolean;
  /** Messages of answers typed but not right yet, kept beside their fields after a draft save (ADR 003). */
  hints: Record<string, string>;
  /** What a refused submit found missing, per section; `missingShown` counts the times it was shown. */
  missing: MissingSection[] | null;
  missingShown: number;
  auto: DraftSaveStatus;
}

/** A section as it opens: the data loaded (or empty), saved as it is. */
export function initialState(formData: SectionData, record: IntakeRecord | undefined): SectionEditorState {
  return {
    formData,
    id: record?.id,
    dirty: false,
    draftInvalid: false,
    busy: null,
    redirecting: false,
    lastSavedAt: record ? new Date(record.updatedAt) : null,
    conflict: null,
    resolving: false,
    fieldErrors: undefined,
    rejected: false,
    hints: {},
    missing: null,
    missingShown: 0,
    auto: { saving: false, failed: false, offline: false, submitting: false },
  };
}
