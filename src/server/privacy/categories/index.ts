import type { DataCategory } from '../data-category';
import { accountCategory } from './account';
import { auditEntriesCategory } from './audit-entries';
import { consentsCategory } from './consents';
import { intakeRecordsCategory } from './intake-records';
import { mailsCategory } from './mails';
import { measurementSchedulesCategory } from './measurement-schedules';
import { questionnaireResponsesCategory } from './questionnaire-responses';
import { respondentLinksCategory } from './respondent-links';
import { responseAlertsCategory } from './response-alerts';
import { uploadedFilesCategory } from './uploaded-files';

/**
 * Every kind of data held about a practitioner and their clients, in purge order: the account row last, since
 * the others are found through it (ADR 091). A new kind of data is a file in this folder and one line here.
 */
export const DATA_CATEGORIES: readonly DataCategory[] = [
  // before the intake records they hang under: counted here, not taken by the cascade
  measurementSchedulesCategory,
  respondentLinksCategory,
  responseAlertsCategory,
  questionnaireResponsesCategory,
  intakeRecordsCategory,
  uploadedFilesCategory,
  auditEntriesCategory,
  consentsCategory,
  mailsCategory,
  accountCategory,
];
