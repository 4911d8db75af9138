// What other features may use of the patients feature (ADR 074): the new results for the dashboard's notice.
export { useNewResults } from './api/links';
export { attentionTarget, newResultsTarget } from './new-results';
