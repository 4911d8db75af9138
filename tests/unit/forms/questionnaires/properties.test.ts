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
  // who answers and who the client is: any informant of the questionnaire, ages a little outside its range too
  const context = fc.record({
    respondent: fc.constantFrom(null, ...def.meta.respondents),
    age: fc.oneof(
      fc.constant(null),
      fc.integer({ min: def.meta.ageRange.min - 2, max: def.meta.ageRange.max + 2 }),
    ),
    sex: fc.constantFrom(null, 'female' as const, 'male' as const),
  });

  it('gives every scored scale a score within its range and exactly one band, unless the score its bands read is missing', () => {
    fc.assert(
      fc.property(answers, context, (a, c) => {
        for (const scale of scoreAnswers(def, a, c).scales) {
          // bands on a T-score or percentile need that normed score; without one, no band and a reason
          const bandScore =
            !scale.bandOn || scale.bandOn === 'raw' ? scale.score : (scale.normed?.[scale.bandOn] ?? null);
          if (scale.normed === null) expect(scale.normGap).toBeDefined();
          expect(scale.answered).toBeLessThanOrEqual(scale.itemCount);
          if (scale.score === null) {
            expect(scale.answered).toBeLessThan(scale.required);
            expect(scale.band).toBeNull();
          } else {
            expect(scale.answered).toBeGreaterThanOrEqual(scale.required);
            expect(scale.score).toBeGreaterThanOrEqual(scale.range.min);
            expect(scale.score).toBeLessThanOrEqual(scale.range.max);
            if (bandScore === null) expect(scale.band).toBeNull();
            else expect(scale.band).not.toBeNull();
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('scores the shown answers alone the same as all of them (hidden answers change nothing)', () => {
    fc.assert(
      fc.property(answers, context, (a, c) => {
        expect(scoreAnswers(def, visibleAnswers(def, a, c.respondent), c)).toEqual(scoreAnswers(def, a, c));
      }),
      { numRuns: 300 },
    );
  });
});
