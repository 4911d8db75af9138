import { describe, expect, it } from 'vitest';
import {
  changeHeadline,
  changeMarkOf,
  changeWords,
} from '../../../src/client/features/patients/change-words';
import { layoutChart } from '../../../src/client/features/patients/chart-geometry';
import { markPath } from '../../../src/client/features/patients/chart-markers';
import {
  informantsOf,
  latestOfEach,
  seriesIndices,
  sideBySideRows,
} from '../../../src/client/features/patients/informants';
import { i18n } from '../../../src/client/i18n';
import type { PointChange } from '../../../src/shared';

const change = (over: Partial<PointChange>): PointChange => ({
  sinceFirst: 'noChange',
  sincePrevious: 'noChange',
  clinical: null,
  crossed: null,
  ...over,
});

describe('the words of a score change', () => {
  const table: Array<{ lang: 'en' | 'tr'; given: PointChange; words: string[]; headline: string }> = [
    {
      lang: 'en',
      given: change({ sinceFirst: 'improved', sincePrevious: 'noChange', crossed: 'intoTypical' }),
      words: [
        'Since the first: Reliably improved',
        'Since the previous: No reliable change',
        'Recovered: reliably improved and into the typical range',
      ],
      headline: 'Recovered: reliably improved and into the typical range',
    },
    {
      lang: 'en',
      given: change({ sinceFirst: 'deteriorated', sincePrevious: 'deteriorated', crossed: 'intoClinical' }),
      words: [
        'Since the first: Reliably deteriorated',
        'Since the previous: Reliably deteriorated',
        'Crossed into the clinical range',
      ],
      headline: 'Reliably deteriorated since the first · Crossed into the clinical range',
    },
    {
      lang: 'tr',
      given: change({ sinceFirst: 'improved', sincePrevious: 'improved', crossed: 'intoTypical' }),
      words: [
        'İlk yanıta göre: Güvenilir iyileşme',
        'Bir önceki yanıta göre: Güvenilir iyileşme',
        'İyileşti: güvenilir iyileşme ve olağan aralığa geçiş',
      ],
      headline: 'İyileşti: güvenilir iyileşme ve olağan aralığa geçiş',
    },
    {
      lang: 'tr',
      // crossed without a reliable improvement is no recovery
      given: change({ sinceFirst: 'noChange', sincePrevious: 'noChange', crossed: 'intoTypical' }),
      words: [
        'İlk yanıta göre: Güvenilir değişim yok',
        'Bir önceki yanıta göre: Güvenilir değişim yok',
        'Olağan aralığa geçti',
      ],
      headline: 'Güvenilir değişim yok (ilk yanıta göre) · Olağan aralığa geçti',
    },
  ];
  it.each(table)('says $given.sinceFirst, $given.crossed in $lang', ({ lang, given, words, headline }) => {
    const t = i18n.getFixedT(lang, 'questionnaires');
    expect(changeWords(given, t)).toEqual(words);
    expect(changeHeadline(given, t)).toBe(headline);
  });

  it('says nothing for an unlabelled point, and marks it plainly', () => {
    const t = i18n.getFixedT('en', 'questionnaires');
    expect(changeWords(null, t)).toEqual([]);
    expect(changeHeadline(null, t)).toBeNull();
    expect(changeMarkOf(null)).toBeNull();
    // a scale with a cut-off but no reliability: no reliable change label, only the crossing
    expect(
      changeWords(change({ sinceFirst: null, sincePrevious: null, crossed: 'intoClinical' }), t),
    ).toEqual(['Crossed into the clinical range']);
  });
});

describe('the change marks', () => {
  it('gives each change its own shape: triangles that point the better or the worse way, a ring, a dot', () => {
    const shapes = (['improved', 'deteriorated', 'noChange', 'plain'] as const).map((k) =>
      markPath(k, 50, 50),
    );
    expect(new Set(shapes).size).toBe(4);
    // higher is worse: improved points down (tip below the point), deteriorated up
    expect(markPath('improved', 50, 50, 'worse')).toMatch(/^M50,57l/);
    expect(markPath('deteriorated', 50, 50, 'worse')).toMatch(/^M50,43l/);
    // higher is better: the other way round
    expect(markPath('improved', 50, 50, 'better')).toMatch(/^M50,43l/);
    expect(markPath('noChange', 50, 50)).toContain('a5.5,5.5');
  });

  it('draws each triangle through the same three corners around its point, and each ring from its left edge', () => {
    // the corners a path passes through: absolute moves and lines, relative lines added up
    const corners = (d: string) => {
      let [x, y] = [0, 0];
      return [...d.matchAll(/([MLl])(-?[\d.]+),(-?[\d.]+)/g)].map(([, command, dx, dy]) => {
        [x, y] = command === 'l' ? [x + Number(dx), y + Number(dy)] : [Number(dx), Number(dy)];
        return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
      });
    };
    expect(corners(markPath('improved', 123.4, 56.7, 'worse'))).toEqual([
      [123.4, 63.7],
      [130.4, 51.8],
      [116.4, 51.8],
    ]);
    expect(corners(markPath('deteriorated', 123.4, 56.7, 'worse'))).toEqual([
      [123.4, 49.7],
      [130.4, 61.6],
      [116.4, 61.6],
    ]);
    expect(markPath('noChange', 123.4, 56.7)).toMatch(/^M117\.9,56\.7a5\.5,5\.5 /);
    expect(markPath('plain', 123.4, 56.7)).toMatch(/^M119\.4,56\.7a4,4 /);
  });
});

describe('informants side by side', () => {
  const p = (responseId: string, respondent: 'guardian' | 'teacher' | null, submittedAt: string) => ({
    responseId,
    respondent,
    submittedAt,
  });
  const points = [
    p('a', 'guardian', '2026-01-05T09:00:00Z'),
    p('b', 'teacher', '2026-01-05T14:00:00Z'),
    p('c', 'guardian', '2026-01-05T16:00:00Z'),
    p('d', 'teacher', '2026-01-12T09:00:00Z'),
  ];

  it('lists the informants in the order they first answered, and the indices of each line', () => {
    const informants = informantsOf(points);
    expect(informants).toEqual(['guardian', 'teacher']);
    expect(seriesIndices(points, informants)).toEqual([
      [0, 2],
      [1, 3],
    ]);
  });

  it('puts different informants of one day in one row, and a second response of one informant in its own', () => {
    const rows = sideBySideRows(
      points,
      points.map((point) => point.submittedAt.slice(0, 10)),
    );
    expect(
      rows.map((row) => [...row.cells.entries()].map(([who, i]) => `${who}:${points[i]?.responseId}`)),
    ).toEqual([['guardian:a', 'teacher:b'], ['guardian:c'], ['teacher:d']]);
  });

  it('finds the latest of each informant', () => {
    expect(latestOfEach(points, ['guardian', 'teacher', 'self']).map((l) => l.point?.responseId)).toEqual([
      'c',
      'd',
      undefined,
    ]);
  });

  it('draws one line per informant, each joining only its own points', () => {
    const layout = layoutChart({
      width: 640,
      height: 240,
      range: { min: 0, max: 10 },
      scores: [0, 10, 0, 10],
      bands: [],
      series: [
        [0, 2],
        [1, 3],
      ],
    });
    expect(layout.lines).toEqual([['64,212 421.3,212'], ['242.7,12 600,12']]);
    expect(layout.segments).toHaveLength(2);
  });

  it('places the cut-off line at its score, and none outside the range', () => {
    const base = { width: 640, height: 240, range: { min: 0, max: 20 }, scores: [5], bands: [] };
    expect(layoutChart({ ...base, cutoff: 10 }).cutoffY).toBe(112);
    expect(layoutChart({ ...base, cutoff: 25 }).cutoffY).toBeNull();
    expect(layoutChart(base).cutoffY).toBeNull();
  });
});
