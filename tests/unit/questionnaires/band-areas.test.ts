import { describe, expect, it } from 'vitest';
import { bandAreasOf } from '../../../src/client/features/patients/band-areas';
import { ROOT_DIR, readJsonTree } from '../../../src/forms/node';
import { createQuestionnaireCatalog } from '../../../src/forms/questionnaires';

const catalog = createQuestionnaireCatalog(readJsonTree(`${ROOT_DIR}/schemas`));

describe('the shaded band areas of a results chart', () => {
  it('run from each band to the next with no gap, the last to its maximum (a mean scale)', () => {
    const areas = bandAreasOf(catalog.get('home-routines'), 'sleep');
    expect(areas.map(({ min, max, severity }) => [min, max, severity])).toEqual([
      [0, 1, 'none'],
      [1, 1.75, 'mild'],
      [1.75, 2.5, 'moderate'],
      [2.5, 3, 'severe'],
    ]);
    expect(areas[0]!.labelKey).toBe('_scales.sleep.bands.settled');
  });

  it('are empty for a scale the scoring file does not have', () => {
    expect(bandAreasOf(catalog.get('home-routines'), 'nope')).toEqual([]);
  });

  it('are empty when the bands read the T-score or the percentile: a raw-score axis is not shaded with them', () => {
    const school = catalog.get('school-day');
    expect(bandAreasOf(school, 'total')).toEqual([]);
    expect(bandAreasOf(school, 'focus', ['guardian', 'teacher'])).toEqual([]);
  });

  it("follow a respondent's own raw bands, and are empty when the informants' bands differ", () => {
    const home = catalog.get('home-routines');
    const teacherBands = [
      { id: 'settled', min: 0, max: 1.49, severity: 'none' as const },
      { id: 'severe', min: 1.5, max: 3, severity: 'severe' as const },
    ];
    const def = {
      ...home,
      scoring: {
        ...home.scoring,
        scales: home.scoring.scales.map((scale) =>
          scale.id === 'sleep' ? { ...scale, respondents: { teacher: { bands: teacherBands } } } : scale,
        ),
      },
    };
    expect(bandAreasOf(def, 'sleep', ['teacher', 'teacher']).map((a) => a.max)).toEqual([1.5, 3]);
    expect(bandAreasOf(def, 'sleep', ['guardian'])).toHaveLength(4);
    expect(bandAreasOf(def, 'sleep', ['guardian', 'teacher'])).toEqual([]);
  });
});
