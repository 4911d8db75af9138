import type { LibraryEntry } from '../../../src/client/lib/questionnaire-api';

/** A client to give questionnaires to in component tests. */
export const CLIENT = '0b8c7e36-4f4a-4d6e-9a51-1c2d3e4f5a6b';

/** Home Routines as the library lists it: a guardian's questionnaire for ages 6-12, in both languages. */
export const HOME: LibraryEntry = {
  id: 'home-routines',
  formId: 'questionnaires/home-routines',
  version: 1,
  scoringVersion: 1,
  title: { en: 'Home Routines', tr: 'Evdeki Düzen' },
  description: { en: '', tr: '' },
  respondents: ['guardian'],
  itemCount: 9,
  minutes: 5,
  languages: ['en', 'tr'],
  ageRange: { min: 6, max: 12 },
  licence: { holder: 'x', terms: 'x', electronicUse: true, example: true },
};
