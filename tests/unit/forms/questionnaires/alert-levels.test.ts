import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkForms } from '../../../../src/forms/check';
import { readJsonTree } from '../../../../src/forms/node';
import {
  alertLevelOf,
  alertsOf,
  type FlagDefinition,
  type QuestionnaireMeta,
  type ScoringDefinition,
  showsHelpTo,
} from '../../../../src/forms/questionnaires';
import { checkScoringLock, publishScoringLock } from '../../../../src/forms/questionnaires/scoring-lock';

const FIXTURES = join(__dirname, '../../../fixtures/questionnaires/files');
// biome-ignore lint/suspicious/noExplicitAny: fixtures are edited freely to break them
type Tree = Record<string, any>;
const schemas = () => structuredClone(readJsonTree(`${FIXTURES}/schemas`)) as Tree;
const locales = () => structuredClone(readJsonTree(`${FIXTURES}/locales`)) as Tree;
const sha256 = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
const META = 'questionnaires/mini/questionnaire.json';
const SCORING = 'questionnaires/mini/v2.scoring.json';

describe('alertLevelOf: what a raised flag asks of the practitioner', () => {
  it.each<[string, FlagDefinition, string]>([
    [
      'an item flag the author made urgent',
      { id: 'a', item: 'm6', scoreAtLeast: 1, alert: 'urgent' },
      'urgent',
    ],
    ['a scale flag the author made review', { id: 'b', scale: 's', atLeast: 70, alert: 'review' }, 'review'],
    ['an item flag the author silenced', { id: 'c', item: 'm6', scoreAtLeast: 1, alert: 'none' }, 'none'],
    [
      'a scale flag with no level: a band is shown, not announced',
      { id: 'd', scale: 's', atLeast: 70 },
      'none',
    ],
    [
      'an item flag with no level: a risk answer is never silenced',
      { id: 'e', item: 'm6', scoreAtLeast: 1 },
      'urgent',
    ],
    ['a condition flag with no level', { id: 'f', when: { '>=': [{ var: 'm1' }, 2] } }, 'urgent'],
  ])('%s: %s', (_, flag, level) => {
    expect(alertLevelOf(flag)).toBe(level);
  });
});

describe('alertsOf: the raised flags that alert, by the pinned scoring file', () => {
  const scoring = {
    version: 1,
    items: {},
    scales: [],
    flags: [
      { id: 'selfHarm', item: 'm6', scoreAtLeast: 1, alert: 'urgent' },
      { id: 'worry', scale: 'worry', atLeast: 98, alert: 'review' },
      { id: 'mood', scale: 'mood', atLeast: 70 },
    ],
  } as unknown as ScoringDefinition;

  it('keeps urgent and review flags with their levels and leaves out the ones that do not alert', () => {
    expect(alertsOf(scoring, [{ id: 'mood' }, { id: 'worry' }, { id: 'selfHarm' }])).toEqual([
      { flagId: 'worry', level: 'review' },
      { flagId: 'selfHarm', level: 'urgent' },
    ]);
  });

  it('takes a flag the file no longer names as urgent rather than drop it', () => {
    expect(alertsOf(scoring, [{ id: 'gone' }])).toEqual([{ flagId: 'gone', level: 'urgent' }]);
  });
});

describe('showsHelpTo: who is shown the help panel', () => {
  const meta = (helpFor?: QuestionnaireMeta['helpFor']) =>
    ({ respondents: ['self', 'guardian', 'teacher'], helpFor }) as QuestionnaireMeta;

  it('shows it to the young person and the guardian, not a teacher, unless the author says otherwise', () => {
    expect(
      ['self', 'guardian', 'teacher', 'practitioner', null].map((r) => showsHelpTo(meta(), r as never)),
    ).toEqual([true, true, false, false, false]);
    expect(showsHelpTo(meta(['teacher']), 'teacher')).toBe(true);
    expect(showsHelpTo(meta(['teacher']), 'self')).toBe(false);
  });
});

describe('check:forms on alert levels and helpFor', () => {
  it('accepts each level on a flag', () => {
    for (const alert of ['urgent', 'review', 'none']) {
      const s = schemas();
      s[SCORING].flags[0].alert = alert;
      expect(checkForms(s, locales())).toEqual([]);
    }
  });

  it('names a level that does not exist', () => {
    const s = schemas();
    s[SCORING].flags[0].alert = 'critical';
    expect(checkForms(s, locales())).toContainEqual(
      expect.objectContaining({ file: `schemas/${SCORING}`, path: '$.flags[0].alert' }),
    );
  });

  it('names a helpFor respondent who does not answer the questionnaire', () => {
    const s = schemas();
    s[META].helpFor = ['guardian', 'teacher'];
    expect(checkForms(s, locales())).toEqual([
      expect.objectContaining({ file: `schemas/${META}`, path: '$.helpFor[1]' }),
    ]);
  });
});

describe('the scoring lock and alert levels', () => {
  it('lets an author set a published flag’s level, and still refuses a change to what raises it', () => {
    const { lock } = publishScoringLock(schemas(), undefined, sha256);
    const levelled = schemas();
    levelled[SCORING].flags[0].alert = 'review';
    expect(checkScoringLock(levelled, lock, sha256)).toEqual([]);
    const moved = schemas();
    moved[SCORING].flags[0].scoreAtLeast = 2;
    expect(checkScoringLock(moved, lock, sha256)).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/is published and must not change/) }),
    ]);
  });
});
