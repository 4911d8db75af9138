import { describe, expect, it } from 'vitest';
import { answerRows, type Say } from '../../../src/server/questionnaires/answer-export';
import type { AnswerExport } from '../../../src/shared';

/** Words as their keys, so the test reads which word goes where. */
const say: Say = (key, params) => (params ? `${key}${JSON.stringify(params)}` : key);

const change = {
  sinceFirst: 'improved',
  sincePrevious: 'noChange',
  clinical: false,
  crossed: 'intoTypical',
  labels: {
    sinceFirst: 'Improved',
    sincePrevious: 'No change',
    clinical: 'Typical',
    crossed: 'Into typical',
  },
} as const;

const data: AnswerExport = {
  exportedAt: '2026-11-26T10:00:00.000Z',
  language: 'en',
  freeText: true,
  client: { id: 'c', name: 'Ayşe Yılmaz' },
  questionnaire: { id: 'q', title: 'Mood' },
  items: [
    { id: 'a', label: 'A', freeText: false, scored: true, versions: [2, 1] },
    { id: 'why', label: 'Why?', freeText: true, scored: false, versions: [2] },
    { id: 'ok', label: 'OK?', freeText: false, scored: false, versions: [1] },
  ],
  scales: [
    { id: 'plain', label: 'Plain', normed: false, change: false },
    { id: 'full', label: 'Full', normed: true, change: true },
  ],
  responses: [
    {
      id: 'r1',
      // 10:00 UTC is 13:00 in Istanbul
      submittedAt: '2026-11-20T10:00:00.000Z',
      questionnaireVersion: 1,
      scoringVersion: 1,
      language: 'tr',
      respondent: { id: 'guardian', label: 'Parent or guardian' },
      replaces: null,
      answers: {
        a: { value: 'often', label: 'Sık sık', score: 2 },
        ok: { value: true, label: null, score: null },
      },
      scales: {
        plain: { score: null, band: null, t: null, percentile: null, change: null },
        full: { score: 7, band: { id: 'high', label: 'High' }, t: 62, percentile: 88.5, change: null },
      },
      flags: [],
    },
    {
      id: 'r2',
      submittedAt: '2026-11-26T10:00:00.000Z',
      questionnaireVersion: 2,
      scoringVersion: 1,
      language: 'en',
      respondent: null,
      replaces: 'r0',
      answers: { a: { value: 'dontKnow', label: "Don't know", score: null }, why: null },
      scales: {
        plain: { score: 1, band: { id: 'low', label: 'Low' }, t: null, percentile: null, change: null },
        full: { score: 2, band: { id: 'low', label: 'Low' }, t: 45, percentile: 30, change },
      },
      flags: [
        { id: 'f', label: 'Flag one' },
        { id: 'g', label: 'Flag two' },
      ],
    },
  ],
};

describe('the item-level CSV: one row per response (ADR 130)', () => {
  const [header, first, second] = answerRows(data, say);

  it('names who and when, then each scale (normed and change columns only where the scale has them), flags, items', () => {
    const full = (what: string) => `answerExport.columns.scaleValue{"scale":"Full","what":"${what}"}`;
    const plain = (what: string) => `answerExport.columns.scaleValue{"scale":"Plain","what":"${what}"}`;
    expect(header).toEqual([
      'csv.client',
      'csv.questionnaire',
      'csv.version',
      'csv.scoringVersion',
      'csv.submittedAt',
      'csv.language',
      'csv.respondent',
      'answerExport.columns.correction',
      plain('csv.score'),
      plain('csv.band'),
      full('csv.score'),
      full('csv.tScore'),
      full('csv.percentile'),
      full('csv.band'),
      full('change.sinceFirst'),
      full('change.sincePrevious'),
      full('answerExport.columns.range'),
      full('answerExport.columns.crossed'),
      'csv.flags',
      'a',
      'answerExport.columns.itemScore{"item":"a"}',
      'why',
      'ok',
    ]);
  });

  it('gives every row as many cells as the header', () => {
    expect(first).toHaveLength(header!.length);
    expect(second).toHaveLength(header!.length);
  });

  it('writes Istanbul times, the language and who answered; a correction is marked', () => {
    expect(first!.slice(0, 8)).toEqual([
      'Ayşe Yılmaz',
      'Mood',
      1,
      1,
      '2026-11-20 13:00',
      'languages.tr',
      'Parent or guardian',
      null,
    ]);
    expect(second!.slice(6, 8)).toEqual([null, 'answerExport.yes']);
  });

  it('says "not scored" for an unscored scale and leaves change cells empty without labels', () => {
    expect(first!.slice(8, 18)).toEqual([null, 'csv.notScored', 7, 62, 88.5, 'High', null, null, null, null]);
    expect(second!.slice(8, 19)).toEqual([
      1,
      'Low',
      2,
      45,
      30,
      'Low',
      'Improved',
      'No change',
      'Typical',
      'Into typical',
      'Flag one; Flag two',
    ]);
  });

  it('gives the option label and its score; empty for an unanswered item or an item of another version', () => {
    expect(first!.slice(19)).toEqual(['Sık sık', 2, null, 'true']);
    expect(second!.slice(19)).toEqual(["Don't know", null, null, null]);
  });
});

describe("the item-level CSV's band cell", () => {
  const bandCell = (full: AnswerExport['responses'][number]['scales'][string]) => {
    const [header, row] = answerRows(
      { ...data, responses: [{ ...data.responses[0]!, scales: { ...data.responses[0]!.scales, full } }] },
      say,
    );
    return row![header!.indexOf('answerExport.columns.scaleValue{"scale":"Full","what":"csv.band"}')];
  };

  it('says "no norms for this client" where a raw score of a normed scale has no normed score, not "not scored"', () => {
    expect(bandCell({ score: 7, band: null, t: null, percentile: null, change: null })).toBe('csv.noNorms');
    expect(bandCell({ score: null, band: null, t: null, percentile: null, change: null })).toBe(
      'csv.notScored',
    );
    expect(
      bandCell({ score: 7, band: { id: 'high', label: 'High' }, t: 62, percentile: null, change: null }),
    ).toBe('High');
  });
});
