import { describe, expect, it } from 'vitest';
import type { ScoreResult } from '../../../src/forms/questionnaires';
import type { ResponseSummary } from '../../../src/server/questionnaires/response-store';
import { resultsOf } from '../../../src/server/questionnaires/results';

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
