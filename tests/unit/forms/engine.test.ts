import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/forms/engine';
import { loadEngine, readJsonTree, runtimeCompiler } from '../../../src/forms/node';
import type { CompiledValidator } from '../../../src/forms/types';

const FIXTURES = join(__dirname, '../../fixtures/engine');
const engine = loadEngine({ schemasDir: join(FIXTURES, 'schemas'), localesDir: join(FIXTURES, 'locales') });

const valid = {
  name: 'Çağrı Şahin',
  phone: '05321234567',
  password: 'Abcdefg1',
  confirm: 'Abcdefg1',
  agree: true,
};

describe('form registry', () => {
  it('discovers every form version and manifest under schemas/', () => {
    expect(engine.registry.list().map((f) => `${f.id}@${f.version}`)).toEqual([
      'demo/contact@1',
      'demo/contact@2',
    ]);
    expect(engine.registry.versions('demo/contact')).toEqual([1, 2]);
    expect(engine.registry.get('demo/contact').version).toBe(2);
    expect(engine.registry.manifest('demo').parts[0]).toMatchObject({ key: 'contact', form: 'demo/contact' });
  });

  it('throws FormNotFoundError for an unknown form or version', () => {
    expect(() => engine.registry.get('demo/nothing')).toThrow('Form not found: demo/nothing');
    expect(() => engine.registry.get('demo/contact', 9)).toThrow('Form not found: demo/contact v9');
  });

  it('picks up a new form folder with no code change', () => {
    const root = mkdtempSync(join(tmpdir(), 'forms-'));
    cpSync(FIXTURES, root, { recursive: true });
    mkdirSync(join(root, 'schemas/demo/mood'));
    writeFileSync(
      join(root, 'schemas/demo/mood/v1.schema.json'),
      JSON.stringify({
        type: 'object',
        required: ['score'],
        properties: { score: { type: 'integer', maximum: 5 } },
      }),
    );
    for (const lang of ['en', 'tr']) {
      writeFileSync(
        join(root, `locales/${lang}/demo/mood.json`),
        JSON.stringify({ score: { label: `Score ${lang}` } }),
      );
    }
    const fresh = loadEngine({ schemasDir: join(root, 'schemas'), localesDir: join(root, 'locales') });
    expect(fresh.registry.has('demo/mood', 1)).toBe(true);
    expect(fresh.validate('demo/mood', 1, {}, { mode: 'full', lang: 'en' })).toEqual([
      expect.objectContaining({ path: 'score', rule: 'required', message: 'Score en is required' }),
    ]);
    expect(fresh.uiSchema('demo/mood', 1, 'tr')).toMatchObject({ score: { 'ui:title': 'Score tr' } });
  });
});

describe('validation', () => {
  it.each([
    ['en', 'Answer this question: How often?', 'Say how calm'],
    ['tr', 'Bu soruyu cevaplayın: Ne sıklıkla?', 'Ne kadar sakin, söyleyin'],
  ] as const)(
    'uses the form key (_form.errors.<rule>) after the field key and before the generic one, in %s',
    (lang, often, calm) => {
      const root = mkdtempSync(join(tmpdir(), 'forms-'));
      cpSync(FIXTURES, root, { recursive: true });
      mkdirSync(join(root, 'schemas/demo/check'));
      writeFileSync(
        join(root, 'schemas/demo/check/v1.schema.json'),
        JSON.stringify({
          type: 'object',
          required: ['often', 'calm'],
          properties: { often: { type: 'integer' }, calm: { type: 'integer' } },
        }),
      );
      const words = {
        en: { ask: 'Answer this question: {{label}}', often: 'How often?', calm: 'Say how calm' },
        tr: {
          ask: 'Bu soruyu cevaplayın: {{label}}',
          often: 'Ne sıklıkla?',
          calm: 'Ne kadar sakin, söyleyin',
        },
      };
      for (const l of ['en', 'tr'] as const)
        writeFileSync(
          join(root, `locales/${l}/demo/check.json`),
          JSON.stringify({
            _form: { title: 'Check', errors: { required: words[l].ask } },
            often: { label: words[l].often },
            calm: { label: 'Calm', errors: { required: words[l].calm } },
          }),
        );
      const fresh = loadEngine({ schemasDir: join(root, 'schemas'), localesDir: join(root, 'locales') });
      const messages = fresh
        .validate('demo/check', 1, {}, { mode: 'full', lang })
        .map((e) => [e.path, e.message]);
      expect(Object.fromEntries(messages)).toEqual({ often, calm });
    },
  );

  it('accepts valid data in both modes', () => {
    expect(engine.validate('demo/contact', 1, valid, { mode: 'full', lang: 'en' })).toEqual([]);
    expect(engine.validate('demo/contact', 1, valid, { mode: 'draft', lang: 'en' })).toEqual([]);
  });

  it.each([
    ['en', 'Name can only contain letters', 'Needs an uppercase letter', 'Passwords do not match'],
    ['tr', 'Ad yalnızca harf içerebilir', 'Bir büyük harf gerekli', 'Parolalar eşleşmiyor'],
  ] as const)('uses the field key first, in %s', (lang, name, password, confirm) => {
    const data = { ...valid, name: 'Ab1', password: 'abcdefg1', confirm: 'nope' };
    const messages = Object.fromEntries(
      engine.validate('demo/contact', 1, data, { mode: 'full', lang }).map((e) => [e.path, e.message]),
    );
    expect(messages).toEqual({ name, password, confirm });
  });

  it.each([
    ['en', 'Notes must not exceed 20 characters', 'Enter a Turkish phone number'],
    ['tr', 'Notlar en fazla 20 karakter olabilir', 'Bir Türkiye telefon numarası girin'],
  ] as const)('falls back to the generic key with parameters, in %s', (lang, notes, phone) => {
    const data = { ...valid, notes: 'x'.repeat(21), phone: '0012' };
    const errors = engine.validate('demo/contact', 1, data, { mode: 'full', lang });
    expect(errors.find((e) => e.path === 'notes')?.message).toBe(notes);
    expect(errors.find((e) => e.path === 'phone')?.message).toBe(phone);
  });

  it('reports a required error on the missing property, inside array rows too', () => {
    const errors = engine.validate(
      'demo/contact',
      1,
      { ...valid, items: [{ title: 'ok' }, {}] },
      {
        mode: 'full',
        lang: 'en',
      },
    );
    expect(errors).toEqual([
      {
        path: 'items.1.title',
        field: 'items.title',
        rule: 'required',
        params: expect.any(Object),
        message: 'Title is required',
      },
    ]);
  });

  it('shows one message per field, the most basic rule first', () => {
    const errors = engine.validate('demo/contact', 1, { ...valid, name: '1' }, { mode: 'full', lang: 'en' });
    expect(errors).toEqual([expect.objectContaining({ path: 'name', rule: 'minLength' })]);
  });

  describe('draft mode', () => {
    it('ignores completeness rules: required, minLength, minItems and empty strings', () => {
      const draft = { name: '', password: 'Ab1' };
      expect(engine.validate('demo/contact', 1, draft, { mode: 'full', lang: 'en' }).length).toBeGreaterThan(
        0,
      );
      expect(engine.validate('demo/contact', 1, draft, { mode: 'draft', lang: 'en' })).toEqual([]);
    });

    it('refuses only what cannot be stored safely: wrong types, unknown options, too long, unknown fields', () => {
      const draft = { notes: 'x'.repeat(21), kind: 'office', phone: '12', agree: 'yes', extra: 1 };
      const rules = engine
        .validate('demo/contact', 1, draft, { mode: 'draft', lang: 'en' })
        .map((e) => `${e.path}:${e.rule}`)
        .sort();
      expect(rules).toEqual([':additionalProperties', 'agree:type', 'kind:enum', 'notes:maxLength']);
    });
  });

  it('validates a record with the version it names', () => {
    expect(engine.validate('demo/contact', 2, { name: 'Al' }, { mode: 'full', lang: 'en' })).toEqual([
      expect.objectContaining({ path: 'name', rule: 'minLength' }),
    ]);
    expect(
      engine.validate('demo/contact', 1, { ...valid, name: 'Al' }, { mode: 'full', lang: 'en' }),
    ).toEqual([]);
  });
});

describe('assess: errors and section state from one validator run', () => {
  /** The fixture engine with each compiled validator's runs counted. */
  function countingEngine() {
    const runs = { count: 0 };
    const compile = runtimeCompiler();
    const counted = createEngine({
      schemaFiles: readJsonTree(join(FIXTURES, 'schemas')),
      localeFiles: readJsonTree(join(FIXTURES, 'locales')),
      compile: (form) => {
        const validate = compile(form);
        const run = ((data: unknown) => {
          runs.count++;
          const ok = validate(data);
          run.errors = validate.errors;
          return ok;
        }) as CompiledValidator;
        return run;
      },
    });
    return { engine: counted, runs };
  }

  it.each([
    ['complete', valid],
    ['in progress', { name: 'Çağrı', password: 'Ab1' }],
    ['empty', {}],
    ['never saved', undefined],
  ])('answers what validate and sectionState answer (%s)', (_label, data) => {
    for (const mode of ['draft', 'full'] as const) {
      expect(engine.assess('demo/contact', 1, data, { mode, lang: 'tr' })).toEqual({
        errors: engine.validate('demo/contact', 1, data, { mode, lang: 'tr' }),
        state: engine.sectionState('demo/contact', 1, data),
      });
    }
  });

  it("runs the form's validator once", () => {
    const { engine: counted, runs } = countingEngine();
    const result = counted.assess(
      'demo/contact',
      1,
      { name: 'Çağrı', password: 'Ab1' },
      { mode: 'draft', lang: 'en' },
    );
    expect(result.state).toBe('in_progress');
    expect(runs.count).toBe(1);
  });
});

describe('per-language uiSchema', () => {
  it('fills labels, hints and option labels from locales without touching the schema', () => {
    const schemaBefore = JSON.stringify(engine.registry.get('demo/contact', 1).schema);
    const ui = engine.uiSchema('demo/contact', 1, 'tr') as Record<string, Record<string, unknown>>;
    expect(ui.name).toEqual({ 'ui:title': 'Ad', 'ui:description': 'Kimlikteki gibi' });
    expect(ui.kind).toEqual({
      'ui:widget': 'radio',
      'ui:title': 'Tür',
      'ui:enumNames': { home: 'Ev', work: 'İş' },
    });
    expect(ui.items?.['ui:options']).toEqual({ addLabel: 'Öğe ekle' });
    expect(JSON.stringify(engine.registry.get('demo/contact', 1).schema)).toBe(schemaBefore);
  });

  it('is referentially stable per form version and language', () => {
    expect(engine.uiSchema('demo/contact', 1, 'en')).toBe(engine.uiSchema('demo/contact', 1, 'en'));
    expect(engine.uiSchema('demo/contact', 1, 'en')).not.toBe(engine.uiSchema('demo/contact', 1, 'tr'));
  });
});
