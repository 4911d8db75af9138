/** A record is a draft until submitted complete; a reopen makes it a draft again (ADR 060). */
export const INTAKE_STATUSES = ['draft', 'submitted'] as const;
export type IntakeStatus = (typeof INTAKE_STATUSES)[number];

/** `complete`: passes full validation; `in_progress`: something is answered; `empty`: nothing is (ADR 060). */
export const SECTION_STATES = ['empty', 'in_progress', 'complete'] as const;
export type SectionState = (typeof SECTION_STATES)[number];

/** The form id and version a section was filled against (ADR 001). */
export interface FormRef {
  form: string;
  version: number;
}

/** One section's answers, keyed by field. */
export type SectionData = Record<string, unknown>;

/** GET /api/client-intake/:id: each manifest section (null when not filled) and the form version it uses. */
export interface IntakeRecordView {
  id: string;
  status: IntakeStatus;
  version: number;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  forms: Record<string, FormRef>;
  /** Each manifest section's state, as the server computes it (ADR 060). */
  sectionStates?: Record<string, SectionState>;
  [section: string]: unknown;
}

/** One row of GET /api/client-intake, newest change first. */
export interface IntakeListItemView {
  id: string;
  clientName: string;
  status: IntakeStatus;
  updatedAt: string;
  /** Section key -> its state, computed by the server with every save (ADR 060). */
  sectionStates: Record<string, SectionState>;
}

/** The answer of every save, submit and reopen. */
export interface IntakeSaveView {
  id: string;
  updatedAt: string;
  version: number;
  status: IntakeStatus;
  /** The states of the sections the save wrote (every section on a submit). */
  sectionStates?: Record<string, SectionState>;
}

/** The body of a 409 CONFLICT or INTAKE_SUBMITTED besides `{ code, message }`: where the record is now. */
export interface IntakeWhereItStands {
  updatedAt: string;
  version: number;
  status: IntakeStatus;
}
