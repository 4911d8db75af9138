import { describe, expect, it } from 'vitest';
import type { ScoreResult } from '../../../src/forms/questionnaires';
import type { ResponseSummary } from '../../../src/server/questionnaires/response-store';
import { resultsOf } from '../../../src/server/questionnaires/results';
import type { ChangeCriteria } from '../../../src/shared';

const result = (score: number | null): ScoreResult => ({
  scales: [
    {
      id: 'total',
      labelKey: '_scales.total.label',
      method: 'sum',
      score,
      answered: 3,
      required: 2,
      itemCount: 3,
      range: { min: 0, max: 9 },
      band: score === null ? null : { id: 'low', labelKey: '_scales.total.bands.low', severity: 'none' },
    },
  ],
  flags: score === 9 ? [{ id: 'constant', item: 'w3', labelKey: '_flags.constant' }] : [],
});

let n = 0;
function response(over: Partial<ResponseSummary>): ResponseSummary {
  n += 1;
  return {
    id: `r${n}`,
    status: 'submitted',
    version: 2,
    updatedAt: new Date(),
    intakeId: 'c1',
    questionnaireId: 'worry-check',
    questionnaireVersion: 1,
    scoringVersion: 1,
    language: 'en',
    respondent: null,
    replacesId: null,
    createdAt: new Date(),
    submittedAt: new Date(Date.UTC(2026, 0, n)),
    result: result(n),
    ...over,
  };
}

describe("a client's results over time", () => {
  it('lists each scale of a questionnaire in submit order, and each response with its flags', () => {
    const later = response({ submittedAt: new Date('2026-03-01T00:00:00Z'), result: result(9) });
    const earlier = response({ submittedAt: new Date('2026-02-01T00:00:00Z'), result: result(null) });
    const [entry] = resultsOf([later, earlier], () => null);
    expect(entry!.scales[0]!.points.map((p) => [p.responseId, p.score])).toEqual([
      [earlier.id, null],
      [later.id, 9],
    ]);
    expect(entry!.responses.map((r) => r.flags.length)).toEqual([0, 1]);
  });

  it('leaves out drafts and responses a submitted correction replaced', () => {
    const replaced = response({});
    const correction = response({ replacesId: replaced.id });
    const draft = response({ status: 'draft', submittedAt: null, result: null });
    const pendingCorrection = response({
      status: 'draft',
      submittedAt: null,
      result: null,
      replacesId: correction.id,
    });
    const [entry] = resultsOf([replaced, correction, draft, pendingCorrection], () => null);
    expect(entry!.responses.map((r) => r.id)).toEqual([correction.id]);
  });

  it('keeps questionnaires apart, sorted by id', () => {
    const results = resultsOf(
      [response({ questionnaireId: 'b' }), response({ questionnaireId: 'a' })],
      () => null,
    );
    expect(results.map((r) => r.questionnaireId)).toEqual(['a', 'b']);
  });
});

// a threshold of 4 and a cut-off of 6 on the raw score, higher is worse
const CRITERIA: ChangeCriteria = { threshold: 4, cutoff: 6, higherIs: 'worse' };
const withCriteria = () => CRITERIA;
const scoresOf = (entry: ReturnType<typeof resultsOf>[number] | undefined) =>
  entry!.scales[0]!.points.map((p) => [
    p.respondent,
    p.score,
    p.change?.sinceFirst ?? null,
    p.change?.sincePrevious ?? null,
  ]);

describe("a client's results: reliable change per informant (ADR 127)", () => {
  it("compares a guardian's scores with the guardian's and a teacher's with the teacher's", () => {
    const [entry] = resultsOf(
      [
        response({ respondent: 'guardian', result: result(9) }),
        response({ respondent: 'teacher', result: result(2) }),
        // against the guardian's 9 this would be a reliable improvement; against the teacher's 2 it is no change
        response({ respondent: 'teacher', result: result(4) }),
        response({ respondent: 'guardian', result: result(3) }),
        response({ respondent: 'teacher', result: result(8) }),
      ],
      withCriteria,
    );
    expect(scoresOf(entry)).toEqual([
      ['guardian', 9, null, null],
      ['teacher', 2, null, null],
      ['teacher', 4, 'noChange', 'noChange'],
      ['guardian', 3, 'improved', 'improved'],
      ['teacher', 8, 'deteriorated', 'deteriorated'],
    ]);
    const points = entry!.scales[0]!.points;
    expect(points[3]!.change).toMatchObject({ clinical: false, crossed: 'intoTypical' });
    expect(points[4]!.change).toMatchObject({ clinical: true, crossed: 'intoClinical' });
  });

  it('leaves a response a correction replaced out of the labels: it is neither the first nor the previous', () => {
    const first = response({ result: result(9) });
    const mistaken = response({ result: result(1) });
    const correction = response({ replacesId: mistaken.id, result: result(7) });
    const last = response({ result: result(3) });
    const [entry] = resultsOf([first, mistaken, correction, last], withCriteria);
    expect(scoresOf(entry)).toEqual([
      [null, 9, null, null],
      // 9 → 7: no reliable change; the mistaken 1 would have been an improvement
      [null, 7, 'noChange', 'noChange'],
      // 9 → 3 improved; 7 → 3 is exactly the threshold of 4: reliable
      [null, 3, 'improved', 'improved'],
    ]);
  });

  it("reads the whole series with the newest response's criteria, and gives no labels when they are none", () => {
    const older = response({ scoringVersion: 1, result: result(9) });
    const newer = response({ scoringVersion: 2, result: result(3) });
    const criteriaOf = (_q: string, _v: number, scoring: number) => (scoring === 2 ? CRITERIA : null);
    const [entry] = resultsOf([older, newer], criteriaOf);
    expect(entry!.scales[0]!.change).toEqual(CRITERIA);
    expect(scoresOf(entry)[1]).toEqual([null, 3, 'improved', 'improved']);
    const [without] = resultsOf([older, newer], (_q, _v, scoring) => (scoring === 1 ? CRITERIA : null));
    expect(without!.scales[0]!.change).toBeNull();
    expect(without!.scales[0]!.points.map((p) => p.change)).toEqual([null, null]);
  });
});
