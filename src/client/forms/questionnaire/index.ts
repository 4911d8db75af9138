/** The questionnaire components: the form to fill and a response's scores. */
export { QuestionnaireForm } from './questionnaire-form';
export { ScoreSummary } from './score-summary';
