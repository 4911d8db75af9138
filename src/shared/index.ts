/** The client-server contract (ADR 073): what both sides must agree on, defined once. Plain TypeScript only. */
export { ACCOUNT_STATUSES, type AccountStatus, mayOpenClientData } from './account-status.ts';
export { type AgeRange, outsideAgeRange } from './age-range.ts';
export type { AppConfigView } from './app-config.ts';
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
export {
  type CreateLinkInput,
  type IssuedLinkView,
  LINK_RESPONDENTS,
  LINK_STATES,
  type LinkRespondent,
  type LinkState,
  type NewResultsView,
  type RespondentLinkView,
  type RespondSubmitView,
  type SupportLineView,
} from './links.ts';
export {
  type ClientListItemView,
  type ClientView,
  type FlagResult,
  type QuestionnaireResults,
  RESPONSE_STATUSES,
  type ResponseListItemView,
  type ResponseStatus,
  type ResponseView,
  type ScaleMethod,
  type ScaleResult,
  type ScaleSeries,
  type ScorePoint,
  type ScoreResult,
  SEVERITIES,
  type Severity,
} from './questionnaires.ts';
export type { UserView } from './user-view.ts';
