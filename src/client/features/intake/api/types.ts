import type {
  IntakeRecordView,
  IntakeSaveView,
  IntakeStatus,
  IntakeWhereItStands,
  SectionData,
  SectionState,
} from '../../../../shared';

// the API's shapes are the contract's (src/shared); these names are how the intake screens speak of them
export type { IntakeStatus, SectionData, SectionState };
export type IntakeRecord = IntakeRecordView;
export type SaveAnswer = IntakeSaveView;

/** The body of a 409, as the editor keeps it: where the record is now. */
export interface ConflictInfo extends Pick<IntakeWhereItStands, 'updatedAt' | 'version'> {
  /** The record was submitted meanwhile (409 INTAKE_SUBMITTED): it changes only after a reopen. */
  submitted?: boolean;
}

/** A section's data in a loaded record, or undefined when it was never filled. */
export function sectionOf(record: IntakeRecord | undefined, key: string): SectionData | undefined {
  const value = record?.[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as SectionData) : undefined;
}
