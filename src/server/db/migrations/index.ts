import type { Migration } from 'kysely';
import * as initial from './001-initial';
import * as intake from './002-intake';
import * as intakeSections from './003-intake-sections';
import * as mailDelivery from './004-mail-delivery';
import * as intakeSubmitStates from './005-intake-submit-states';
import * as questionnaireResponses from './006-questionnaire-responses';
import * as auditAndDeletion from './007-audit-and-deletion';
import * as respondentLinks from './008-respondent-links';
import * as responseAttention from './009-response-attention';
import * as mailOutboxAccount from './010-mail-outbox-account';
import * as operatorInAudit from './011-operator-in-audit';
import * as replacedLinkTokens from './015-replaced-link-tokens';
import * as responseRespondent from './016-response-respondent';
import * as measurementSchedules from './017-measurement-schedules';
import { markOldCriticalAnswers } from './018-old-critical-answers';
import * as responseAlerts from './019-response-alerts';
import * as rateLimitSubjects from './020-rate-limit-subjects';

/** Every migration, in order. A new file is added here with the next number. */
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-intake': intake,
  '003-intake-sections': intakeSections,
  '004-mail-delivery': mailDelivery,
  '005-intake-submit-states': intakeSubmitStates,
  '006-questionnaire-responses': questionnaireResponses,
  '007-audit-and-deletion': auditAndDeletion,
  '008-respondent-links': respondentLinks,
  '009-response-attention': responseAttention,
  '010-mail-outbox-account': mailOutboxAccount,
  '011-operator-in-audit': operatorInAudit,
  '015-replaced-link-tokens': replacedLinkTokens,
  '016-response-respondent': responseRespondent,
  '017-measurement-schedules': measurementSchedules,
  '018-old-critical-answers': markOldCriticalAnswers(undefined),
  '019-response-alerts': responseAlerts,
  '020-rate-limit-subjects': rateLimitSubjects,
};

/** The migrations to run, with the data key that 018 reads sealed results with (asked for only when needed). */
export function migrationsWith(dataKey?: () => Buffer): Record<string, Migration> {
  return { ...migrations, '018-old-critical-answers': markOldCriticalAnswers(dataKey) };
}
