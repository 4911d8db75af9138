// What other features may use of the patients feature (ADR 074): the new results for the dashboard's notice.

// the schedules' Repeat dialog warns on ages and offers languages as giving and links do
export { AgeWarning } from './age-warning';
export { useNewResults } from './api/links';
export { LanguageChoice } from './language-choice';
export { attentionTarget, newResultsTarget } from './new-results';
