// What other features may use of the patients feature (ADR 074): the new results for the dashboard's notice, and
// the age warning and language choice the schedules' Repeat dialog shares with giving and links.
export { AgeWarning } from './age-warning';
export { useNewResults } from './api/links';
export { LanguageChoice } from './language-choice';
export { attentionTarget, newResultsTarget } from './new-results';
