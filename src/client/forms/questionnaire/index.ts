/** The questionnaire components: the form to fill, its licence notice, and a response's scores. */
export { LicenceNotice, type LicenceNoticeProps } from './licence-notice';
export { QuestionnaireForm, type QuestionnaireFormProps } from './questionnaire-form';
export { ScoreSummary, type ScoreSummaryProps, SEVERITY_STYLE } from './score-summary';
export { type QuestionnaireRef, useQuestionnaireText } from './use-questionnaire-text';
