/** The client-server contract (ADR 073): what both sides must agree on, defined once. Plain TypeScript only. */
export { ACCOUNT_STATUSES, type AccountStatus } from './account-status.ts';
export { normalizeEmail } from './email.ts';
export { ERROR_CODES, type ErrorCode } from './error-codes.ts';
export {
  type FormRef,
  INTAKE_STATUSES,
  type IntakeListItemView,
  type IntakeRecordView,
  type IntakeSaveView,
  type IntakeStatus,
  type IntakeWhereItStands,
  SECTION_STATES,
  type SectionData,
  type SectionState,
} from './intake.ts';
export type { UserView } from './user-view.ts';
