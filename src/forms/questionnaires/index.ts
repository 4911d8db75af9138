/** Questionnaires: catalog, show-if conditions and scoring (browser-safe: no React, Fastify or Node imports). */
export {
  createQuestionnaireCatalog,
  type QuestionnaireCatalog,
  questionnaireFormId,
  ScoringVersionNotFoundError,
  scoringFileName,
  scoringFileOf,
} from './catalog.ts';
export {
  catalogCriteria,
  changeCriteriaOf,
  changeLabels,
  inClinicalRange,
  reliableChange,
} from './change.ts';
export { evaluateCondition } from './conditions.ts';
export { groupsOf, itemIdsOf, optionValuesOf } from './items.ts';
export { itemScore, roundedRatio, scaleRange, scoreAnswers } from './scoring.ts';
export * from './types.ts';
export { errorsOfShownItems, RESPONDENT_VAR, visibleAnswers, visibleItems } from './visibility.ts';
