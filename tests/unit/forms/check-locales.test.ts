import { describe, expect, it } from 'vitest';
import { checkFormWords, checkLocaleFolders, checkLocaleParity } from '../../../src/forms/check-locales';
import type { Resources } from '../../../src/forms/locales';
import type { FormDefinition } from '../../../src/forms/types';

const form = {
  id: 'demo/f',
  version: 1,
  schema: {
    type: 'object',
    properties: {
      age: { type: 'integer', minimum: 1 },
      kind: { type: 'string', enum: ['a', 'b'] },
    },
  },
  uiSchema: {},
} as unknown as FormDefinition;

describe('check:forms locale checks', () => {
  it('asks each language for the form title, labels, rule messages and option labels', () => {
    const resources = {
      en: {
        common: { validation: { enum: 'Pick one' } },
        'demo/f': { _form: { title: 'T' }, age: { label: 'Age' }, kind: { label: 'K' } },
      },
      tr: { common: { validation: { minimum: 'En az', enum: 'Birini seçin' } }, 'demo/f': { age: {} } },
    } as unknown as Resources;
    expect(checkFormWords(form, 'en', resources).map((p) => p.path)).toEqual([
      'age.errors.minimum',
      'kind.options.a',
      'kind.options.b',
    ]);
    expect(checkFormWords(form, 'tr', resources).map((p) => p.path)).toEqual([
      '_form.title',
      'age.label',
      'kind.label',
      'kind.options.a',
      'kind.options.b',
    ]);
  });

  it('says a form has no locale file in a language', () => {
    const resources = { en: {}, tr: {} } as unknown as Resources;
    expect(checkFormWords(form, 'tr', resources)).toEqual([
      { file: 'locales/tr/demo/f.json', path: '$', message: 'missing: form demo/f has no tr locale file' },
    ]);
  });

  it('finds a key present in one language only, in both directions', () => {
    const resources = {
      en: { ns: { a: 'x', b: 'y' } },
      tr: { ns: { a: 'x', c: 'z' } },
    } as unknown as Resources;
    expect(checkLocaleParity(resources)).toEqual([
      { file: 'locales/en/ns.json', path: 'c', message: 'missing key (present in tr)' },
      { file: 'locales/tr/ns.json', path: 'b', message: 'missing key (present in en)' },
    ]);
  });

  it('wants locale files under a language folder', () => {
    expect(checkLocaleFolders(['en/a.json', 'de/a.json']).map((p) => p.file)).toEqual(['locales/de/a.json']);
  });
});
