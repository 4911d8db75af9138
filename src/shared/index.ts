/**
 * The client-server contract (ADR 073, 117): what both sides must agree on, defined once. The API's JSON Schemas
 * are plain objects; their types are derived with `json-schema-to-ts` (a type-only import).
 */
export * from './account.ts';
export { ACCOUNT_STATUSES, type AccountStatus, mayOpenClientData } from './account-status.ts';
export { type AgeRange, outsideAgeRange } from './age-range.ts';
export * from './alerts.ts';
export * from './answer-export.ts';
export { type AppConfigView, appConfigViewSchema } from './app-config.ts';
export { normalizeEmail } from './email.ts';
export { ERROR_CODES, type ErrorCode } from './error-codes.ts';
export * from './intake.ts';
export * from './links.ts';
export * from './questionnaires.ts';
export * from './reports.ts';
export * from './schedules.ts';
export * from './schemas.ts';
export * from './system.ts';
export * from './user-view.ts';
