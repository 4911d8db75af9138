import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonTree } from '../../../../src/forms/node';
import {
  createQuestionnaireCatalog,
  itemIdsOf,
  ScoringVersionNotFoundError,
} from '../../../../src/forms/questionnaires/index.ts';
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

describe('createQuestionnaireCatalog: scoring versions side by side (ADR 109)', () => {
  // mini v2 scores with the older single file (version 3); a named v4 beside it raises the cut-offs
  const raised = () => {
    const tree = files() as Record<string, { version: number; scales: Array<{ bands: unknown[] }> }>;
    const next = structuredClone(tree['questionnaires/mini/v2.scoring.json']!);
    next.version = 4;
    tree['questionnaires/mini/v2.scoring.v4.json'] = next;
    return createQuestionnaireCatalog(tree);
  };

  it('keeps each scoring version of a form version, ascending', () => {
    expect(raised().scoringVersions('mini', 2)).toEqual([3, 4]);
    expect(raised().scoringVersions('mini', 1)).toEqual([1]);
  });

  it('gives the newest scoring version unless one is named', () => {
    expect(raised().get('mini', 2).scoringVersion).toBe(4);
    expect(raised().get('mini').scoringVersion).toBe(4);
    expect(raised().get('mini', 2, 3).scoringVersion).toBe(3);
    expect(
      raised()
        .list()
        .map((q) => `${q.id}@${q.version}.${q.scoringVersion}`),
    ).toEqual(['mini@2.4']);
  });

  it('takes the scoring version from the file name, not from inside an older single file', () => {
    const tree = files();
    tree['questionnaires/mini/v1.scoring.v2.json'] = {
      ...(tree['questionnaires/mini/v1.scoring.json'] as object),
      version: 2,
    };
    const catalog = createQuestionnaireCatalog(tree);
    expect(catalog.get('mini', 1, 2).scoringVersion).toBe(2);
    expect(catalog.get('mini', 1, 1).scoringVersion).toBe(1);
  });

  it('refuses a scoring version the form version does not have, never falling back to another', () => {
    const catalog = raised();
    expect(catalog.has('mini', 2, 9)).toBe(false);
    expect(catalog.has('mini', 2, 3)).toBe(true);
    expect(() => catalog.get('mini', 2, 9)).toThrow(ScoringVersionNotFoundError);
    expect(() => catalog.get('mini', 2, 9)).toThrow('Scoring version 9 of questionnaires/mini v2 not found');
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
