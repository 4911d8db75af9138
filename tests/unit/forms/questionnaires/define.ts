/** Builds a small questionnaire definition in memory for the scoring and condition tests. */
import type {
  QuestionnaireDefinition,
  ScoringDefinition,
} from '../../../../src/forms/questionnaires/index.ts';

export function define(
  scoring: Omit<ScoringDefinition, 'version'>,
  itemIds: string[],
  groups: { id: string; fields: string[] }[] = [],
): QuestionnaireDefinition {
  return {
    id: 'test',
    formId: 'questionnaires/test',
    version: 1,
    scoringVersion: 1,
    meta: {
      respondents: ['self'],
      ageRange: { min: 8, max: 18 },
      minutes: 2,
      licence: { holder: 'Test', terms: 'Test', electronicUse: true, example: true },
    },
    scoring: { version: 1, ...scoring },
    itemIds,
    schema: {
      type: 'object',
      properties: Object.fromEntries(itemIds.map((id) => [id, { type: 'integer', enum: [0, 1, 2, 3] }])),
    },
    uiSchema: { 'ui:order': itemIds, 'ui:options': { groups } },
  };
}
