/** A score as the language writes numbers (1,25 in Turkish, 1.25 in English), at most two decimals. */
export { formatNumber as formatScore } from '../../forms/questionnaire/normed-score';
