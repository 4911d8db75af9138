import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonTree } from '../../../../src/forms/node';
import { createQuestionnaireCatalog, itemIdsOf } from '../../../../src/forms/questionnaires/index.ts';
import { FormNotFoundError } from '../../../../src/forms/types';

const SCHEMAS = join(__dirname, '../../../fixtures/questionnaires/files/schemas');
const files = () => structuredClone(readJsonTree(SCHEMAS));

describe('createQuestionnaireCatalog', () => {
  const catalog = createQuestionnaireCatalog(files());

  it('finds each questionnaire folder with its schema, scoring file and metadata', () => {
    expect(catalog.list().map((q) => `${q.id}@${q.version}`)).toEqual(['mini@2']);
    expect(catalog.versions('mini')).toEqual([1, 2]);
  });

  it('describes a version: form id, versions, metadata, scoring and items in display order', () => {
    const mini = catalog.get('mini', 1);
    expect(mini).toMatchObject({
      id: 'mini',
      formId: 'questionnaires/mini',
      version: 1,
      scoringVersion: 1,
      meta: { respondents: ['guardian'], licence: { example: true } },
      itemIds: ['often', 'calm', 'reason'],
    });
    expect(mini.scoring.scales[0]!.id).toBe('total');
    expect(catalog.get('mini').scoringVersion).toBe(3);
  });

  it('throws FormNotFoundError for an unknown questionnaire or version', () => {
    expect(() => catalog.get('nothing')).toThrow(FormNotFoundError);
    expect(() => catalog.get('mini', 9)).toThrow('Form not found: questionnaires/mini v9');
    expect(catalog.has('mini', 9)).toBe(false);
    expect(catalog.has('mini')).toBe(true);
  });

  it('leaves out a version without its scoring file, and a folder without questionnaire.json', () => {
    const noScoring = files();
    delete noScoring['questionnaires/mini/v2.scoring.json'];
    expect(createQuestionnaireCatalog(noScoring).versions('mini')).toEqual([1]);
    const noMeta = files();
    delete noMeta['questionnaires/mini/questionnaire.json'];
    expect(createQuestionnaireCatalog(noMeta).list()).toEqual([]);
  });

  it('ignores forms outside questionnaires/', () => {
    const more = { ...files(), 'intake/other/v1.schema.json': { type: 'object', properties: {} } };
    expect(createQuestionnaireCatalog(more).list()).toHaveLength(1);
  });
});

describe('itemIdsOf', () => {
  const schema = { properties: { a: {}, b: {}, c: {}, d: {} } };
  it.each([
    [{}, ['a', 'b', 'c', 'd']],
    [{ 'ui:order': ['c', 'a'] }, ['c', 'a', 'b', 'd']],
    [{ 'ui:order': ['c', '*', 'a'] }, ['c', 'b', 'd', 'a']],
  ])('orders items by %j', (ui, expected) => {
    expect(itemIdsOf(schema, ui)).toEqual(expected);
  });
});
