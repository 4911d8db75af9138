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
});
