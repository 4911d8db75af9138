import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkForms, type Problem } from '../../../src/forms/check';
import { loadEngine, readJsonTree } from '../../../src/forms/node';

const FIXTURES = join(__dirname, '../../fixtures/informant-wording');
// biome-ignore lint/suspicious/noExplicitAny: fixtures are edited freely to break them
type Tree = Record<string, any>;
const schemas = () => structuredClone(readJsonTree(`${FIXTURES}/schemas`)) as Tree;
const locales = () => structuredClone(readJsonTree(`${FIXTURES}/locales`)) as Tree;
const FORM = 'questionnaires/pupil-worry';
const EN = `en/${FORM}.json`;
const TR = `tr/${FORM}.json`;

describe('informant wording (ADR 126)', () => {
  const engine = loadEngine({ schemasDir: `${FIXTURES}/schemas`, localesDir: `${FIXTURES}/locales` });
  const title = (ui: Tree, item: string) => ui[item]?.['ui:title'];

  it("draws a respondent's overlay over the base texts, key by key", () => {
    const teacher = engine.uiSchema(FORM, 1, 'en', 'teacher');
    expect(title(teacher, 'often')).toBe('How often does this pupil worry?');
    // keys the overlay does not give fall back to the base
    expect(title(teacher, 'calm')).toBe('How calm?');
    expect((teacher as Tree).often['ui:enumNames']).toMatchObject({ 0: 'Never' });
    expect(title(engine.uiSchema(FORM, 1, 'tr', 'guardian'), 'often')).toBe(
      'Çocuğunuz ne sıklıkla endişelenir?',
    );
  });

  it('keeps the base texts without a respondent, or for one without an overlay', () => {
    expect(title(engine.uiSchema(FORM, 1, 'en'), 'often')).toBe('How often?');
    expect(title(engine.uiSchema(FORM, 1, 'en', null), 'often')).toBe('How often?');
    expect(title(engine.uiSchema(FORM, 1, 'en', 'self'), 'often')).toBe('How often?');
  });

  it('keeps one uiSchema per form version, language and respondent', () => {
    expect(engine.uiSchema(FORM, 1, 'en', 'teacher')).toBe(engine.uiSchema(FORM, 1, 'en', 'teacher'));
    expect(engine.uiSchema(FORM, 1, 'en', 'teacher')).not.toBe(engine.uiSchema(FORM, 1, 'en', 'guardian'));
    expect(engine.uiSchema(FORM, 1, 'en')).not.toBe(engine.uiSchema(FORM, 1, 'en', 'teacher'));
  });

  it("translates a questionnaire's own words for a respondent", () => {
    const teacher = engine.translateFor('teacher');
    expect(teacher('tr', FORM, '_form.instructions')).toBe('Bu öğrenciyi son bir ayda okulda düşünün');
    expect(teacher('en', FORM, '_form.title')).toBe('Pupil worry');
    expect(engine.translateFor(null)('en', FORM, '_form.instructions')).toBe('Answer each question');
    expect(engine.translateFor('teacher')).toBe(teacher);
  });
});

describe('check:forms on informant wording', () => {
  it('passes on overlays for listed respondents that reword base keys in both languages', () => {
    expect(checkForms(schemas(), locales())).toEqual([]);
  });

  it.each<[string, (locales: Tree, schemas: Tree) => void, Problem[]]>([
    [
      'an overlay for a respondent questionnaire.json does not name',
      (l) => {
        l[EN]._respondents.self = { often: { label: 'How often do I worry?' } };
        l[TR]._respondents.self = { often: { label: 'Ne sıklıkla endişelenirim?' } };
      },
      ['en', 'tr'].map((lang) => ({
        file: `locales/${lang}/${FORM}.json`,
        path: '_respondents.self',
        message: "respondent self is not in questionnaire.json's respondents (guardian, teacher)",
      })),
    ],
    [
      'a respondent removed from questionnaire.json while its overlay stays',
      (_l, s) => {
        s[`${FORM}/questionnaire.json`].respondents = ['teacher'];
      },
      ['en', 'tr'].map((lang) => ({
        file: `locales/${lang}/${FORM}.json`,
        path: '_respondents.guardian',
        message: "respondent guardian is not in questionnaire.json's respondents (teacher)",
      })),
    ],
    [
      'an overlay key the base file does not have',
      (l) => {
        l[EN]._respondents.teacher.often.help = 'At school';
        l[TR]._respondents.teacher.often.help = 'Okulda';
      },
      ['en', 'tr'].map((lang) => ({
        file: `locales/${lang}/${FORM}.json`,
        path: '_respondents.teacher.often.help',
        message: 'the base texts have no often.help: an overlay only rewords keys the file has',
      })),
    ],
    [
      'an overlay key only in English',
      (l) => {
        l[EN]._respondents.teacher.calm = { label: 'How calm is this pupil?' };
      },
      [
        {
          file: `locales/tr/${FORM}.json`,
          path: '_respondents.teacher.calm.label',
          message: 'missing overlay key (present in en): both languages reword the same keys',
        },
      ],
    ],
    [
      'a whole overlay only in Turkish',
      (l) => {
        delete l[EN]._respondents.guardian;
      },
      [
        {
          file: `locales/en/${FORM}.json`,
          path: '_respondents.guardian.often.label',
          message: 'missing overlay key (present in tr): both languages reword the same keys',
        },
      ],
    ],
  ])('refuses %s, with file and path', (_name, breakIt, expected) => {
    const l = locales();
    const s = schemas();
    breakIt(l, s);
    expect(checkForms(s, l)).toEqual(expected);
  });
});
