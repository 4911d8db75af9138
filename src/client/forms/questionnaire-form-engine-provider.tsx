import { createLazyEngineProvider } from './lazy-engine-provider';

/**
 * Provides an engine over the questionnaires alone (the respondent's page, ADR 096): the same engine, widgets
 * and files as the app's, without the index of every other form.
 */
export const QuestionnaireFormEngineProvider = createLazyEngineProvider(
  () => import('./questionnaire-engine'),
);
