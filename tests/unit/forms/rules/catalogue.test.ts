import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkForms } from '../../../../src/forms/check';
import { ROOT_DIR, readJsonTree } from '../../../../src/forms/node';
import { engine } from './helpers';

const FORMS = [
  'auth/change-password',
  'auth/forgot-password',
  'auth/login',
  'auth/reset-password',
  'intake/complaint-history',
  'intake/demographics',
  'intake/family-social-life',
  'intake/medical-history',
  'signup/personal-information',
  'signup/professional-credentials',
  'signup/profile-setup',
];

type Tree = Record<string, unknown>;
const leaves = (tree: unknown, prefix = ''): [string, string][] =>
  typeof tree === 'object' && tree !== null
    ? Object.entries(tree as Tree).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k))
    : [[prefix, String(tree)]];

describe('the form catalogue', () => {
  it('every form of both specs exists at version 1', () => {
    expect(engine.registry.list().map((f) => `${f.id}@${f.version}`)).toEqual(
      expect.arrayContaining(FORMS.map((f) => `${f}@1`)),
    );
  });

  it('passes check:forms (compiles, known fields and widgets, every key in en and tr)', () => {
    const problems = checkForms(
      readJsonTree(join(ROOT_DIR, 'schemas')),
      readJsonTree(join(ROOT_DIR, 'locales')),
    );
    expect(problems).toEqual([]);
  });

  it.each(FORMS)('%s: strict object with an explicit required list', (id) => {
    const { schema } = engine.registry.get(id, 1);
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(Array.isArray(schema.required)).toBe(true);
    for (const name of schema.required as string[])
      expect(Object.keys(schema.properties as Tree)).toContain(name);
  });

  it.each(FORMS)('%s: the UI schema has no human words (no titles, labels or descriptions)', (id) => {
    const text = JSON.stringify(engine.registry.get(id, 1).uiSchema);
    expect(text).not.toMatch(/"ui:(title|description|placeholder|help|enumNames)"/);
  });

  it.each(FORMS)(
    '%s: the same keys in both languages, and Turkish labels and messages are translated',
    (id) => {
      const en = Object.fromEntries(leaves(engine.resources.en[id]));
      const tr = Object.fromEntries(leaves(engine.resources.tr[id]));
      expect(Object.keys(tr).sort()).toEqual(Object.keys(en).sort());
      // words that are the same in both languages (proper names, Turkish option values, abbreviations)
      const same =
        /(^|\.)(options\.|suggestions)|^(diploma\.label|chamberRegistrationNumber\.placeholder|guardianPhone\.placeholder)$/;
      for (const [key, value] of Object.entries(tr)) {
        expect(value.trim(), `${id} tr ${key}`).not.toBe('');
        if (!same.test(key)) expect(value, `${id} tr ${key} is not translated`).not.toBe(en[key]);
      }
    },
  );
});

describe('common.json generic messages', () => {
  const RULES = [
    'required',
    'minLength',
    'maxLength',
    'minimum',
    'maximum',
    'minItems',
    'maxItems',
    'pattern',
    'const',
    'enum',
    'type',
    'uniqueItems',
    'format.email',
    'format.date',
    'format.tr-national-id',
    'format.tr-phone',
    'format.person-name',
    'format.past-date',
    'format.birth-date',
    'format.not-future-year',
    'match',
    'uppercase',
    'lowercase',
    'digit',
    'special',
  ];

  it.each(RULES)('validation.%s exists in both languages, filled in', (rule) => {
    const params = { label: 'Xyz', limit: 42 };
    const en = engine.translate('en', 'common', `validation.${rule}`, params);
    const tr = engine.translate('tr', 'common', `validation.${rule}`, params);
    expect(en).toBeTruthy();
    expect(tr).toBeTruthy();
    expect(tr).not.toBe(en);
    for (const text of [en!, tr!]) expect(text).not.toMatch(/\{\{|\}\}/);
  });

  it('interpolates label and limit', () => {
    expect(engine.t('en', 'common', 'validation.minLength', { label: 'School name', limit: 2 })).toBe(
      'School name must be at least 2 characters',
    );
    expect(engine.t('tr', 'common', 'validation.maxLength', { label: 'Okul adı', limit: 100 })).toBe(
      'Okul adı en fazla 100 karakter olabilir',
    );
    expect(engine.t('en', 'common', 'validation.required', { label: 'Gender' })).toBe('Gender is required');
  });

  it('shared words', () => {
    expect(engine.t('en', 'common', 'app.name')).toBe('Psychologist Platform');
    expect(engine.t('tr', 'common', 'app.name')).toBe('Psikolog Platformu');
    expect(engine.t('tr', 'common', 'language.en')).toBe('English');
    expect(engine.t('en', 'common', 'language.tr')).toBe('Türkçe');
    for (const key of ['actions.save', 'actions.cancel', 'actions.continue', 'actions.back']) {
      expect(engine.t('tr', 'common', key)).not.toBe(engine.t('en', 'common', key));
    }
  });

  it('a field without its own message falls back to the generic one with its label', () => {
    // sign-up step 1 has no field message for a non-string e-mail: the generic "type" message is used
    const [error] = engine.validate(
      'signup/personal-information',
      1,
      {
        firstName: 'Ali',
        lastName: 'Veli',
        email: 5,
        password: 'Abcdef1!',
        confirmPassword: 'Abcdef1!',
        acceptTerms: true,
        acceptPrivacyPolicy: true,
      },
      { mode: 'full', lang: 'tr' },
    );
    expect(error).toMatchObject({
      path: 'email',
      rule: 'type',
      message: 'E-posta adresi alanının değeri geçersiz',
    });
  });
});
