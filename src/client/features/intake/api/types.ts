import type { SectionState } from '../../../../forms';

export type IntakeStatus = 'draft' | 'submitted';
export type { SectionState };
export type SectionData = Record<string, unknown>;

export interface FormRef {
  form: string;
  version: number;
}

/** GET /client-intake/:id: each section of the manifest (null when not filled) and the version it uses. */
export interface IntakeRecord {
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

/** The answer of every save. */
export interface SaveAnswer {
  id: string;
  updatedAt: string;
  version: number;
  status: IntakeStatus;
  /** The states of the sections the save wrote (every section on a submit). */
  sectionStates?: Record<string, SectionState>;
}

/** The body of a 409: where the record is now. */
export interface ConflictInfo {
  updatedAt: string;
  version: number;
  /** The record was submitted meanwhile (409 INTAKE_SUBMITTED): it changes only after a reopen. */
  submitted?: boolean;
}

export const intakeKeys = {
  all: ['client-intake'] as const,
  /** The practitioner's list (the intake-list feature reads it under the same key). */
  list: ['client-intake', 'list'] as const,
  record: (id: string) => ['client-intake', 'record', id] as const,
};

/** A section's data in a loaded record, or undefined when it was never filled. */
export function sectionOf(record: IntakeRecord | undefined, key: string): SectionData | undefined {
  const value = record?.[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as SectionData) : undefined;
}
