// What other features may use of the patients feature (ADR 074): the count of new results for the dashboard.
export { useNewResults } from './api/links';
