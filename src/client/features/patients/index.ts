// What other features may use of the patients feature (ADR 074): the new results and alerts for the dashboard, and
// the age warning and language choice the schedules' Repeat dialog shares with giving and links.
export { AgeWarning } from './age-warning';
export { useNewResults } from './api/links';
export { useClients } from './api/list-clients';
export { AttentionList } from './attention-list';
export { LanguageChoice } from './language-choice';
export { newResultsTarget } from './new-results';
