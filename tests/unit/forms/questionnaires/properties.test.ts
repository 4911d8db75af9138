import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadQuestionnaireCatalog } from '../../../../src/forms/node';
import { scoreAnswers, visibleAnswers } from '../../../../src/forms/questionnaires/index.ts';
import { optionValuesOf } from '../../../../src/forms/questionnaires/items.ts';

const catalog = loadQuestionnaireCatalog();

describe.each(catalog.list().map((q) => [q.id, q] as const))('scoring %s, any answers', (_id, def) => {
  // each item left out, answered with one of its options, or sent something that is no option at all
  const answer = (item: string) =>
    fc.oneof(
      fc.constant(undefined),
      fc.constantFrom(...(optionValuesOf(def.schema, item) ?? ['free text'])),
      fc.constantFrom(null, 7, '', 'constructor', true),
    );
  const answers = fc.record(Object.fromEntries(def.itemIds.map((item) => [item, answer(item)])));

  it('gives every scored scale a score within its range and exactly one band; not scored means no band', () => {
    fc.assert(
      fc.property(answers, (a) => {
        for (const scale of scoreAnswers(def, a).scales) {
          expect(scale.answered).toBeLessThanOrEqual(scale.itemCount);
          if (scale.score === null) {
            expect(scale.answered).toBeLessThan(scale.required);
            expect(scale.band).toBeNull();
          } else {
            expect(scale.answered).toBeGreaterThanOrEqual(scale.required);
            expect(scale.score).toBeGreaterThanOrEqual(scale.range.min);
            expect(scale.score).toBeLessThanOrEqual(scale.range.max);
            expect(scale.band).not.toBeNull();
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('scores the shown answers alone the same as all of them (hidden answers change nothing)', () => {
    fc.assert(
      fc.property(answers, (a) => {
        expect(scoreAnswers(def, visibleAnswers(def, a))).toEqual(scoreAnswers(def, a));
      }),
      { numRuns: 300 },
    );
  });
});
