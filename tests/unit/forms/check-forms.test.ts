import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkForms } from '../../../src/forms/check';
import { readJsonTree } from '../../../src/forms/node';

const FIXTURES = `${__dirname}/../../fixtures/engine`;
// biome-ignore lint/suspicious/noExplicitAny: fixtures are edited freely to break them
type Tree = Record<string, any>;
const schemas = () => structuredClone(readJsonTree(`${FIXTURES}/schemas`)) as Tree;
const locales = () => structuredClone(readJsonTree(`${FIXTURES}/locales`)) as Tree;

describe('check:forms', () => {
  it('passes on sound fixtures', () => {
    expect(checkForms(schemas(), locales())).toEqual([]);
  });

  it.each([
    [
      'a schema that does not compile',
      (s: Tree) => {
        s['demo/contact/v1.schema.json'].properties.name.minLength = 'two';
      },
      {
        file: 'schemas/demo/contact/v1.schema.json',
        path: '$',
        message: expect.stringMatching(/^does not compile/),
      },
    ],
    [
      'a UI schema naming a field the schema lacks',
      (s: Tree) => {
        s['demo/contact/v1.ui.json'].nickname = { 'ui:widget': 'text' };
      },
      {
        file: 'schemas/demo/contact/v1.ui.json',
        path: '$.nickname',
        message: 'names a field the schema lacks: nickname',
      },
    ],
    [
      'a ui:order naming a field the schema lacks',
      (s: Tree) => {
        s['demo/contact/v1.ui.json']['ui:order'] = ['name', 'surname', '*'];
      },
      {
        file: 'schemas/demo/contact/v1.ui.json',
        path: '$.ui:order',
        message: 'names a field the schema lacks: surname',
      },
    ],
    [
      'a widget that is not registered',
      (s: Tree) => {
        s['demo/contact/v1.ui.json'].kind['ui:widget'] = 'colourWheel';
      },
      {
        file: 'schemas/demo/contact/v1.ui.json',
        path: '$.kind.ui:widget',
        message: 'widget is not registered: colourWheel',
      },
    ],
    [
      'a manifest naming a missing form',
      (s: Tree) => {
        s['demo/manifest.json'].parts[0].form = 'demo/contacts';
      },
      {
        file: 'schemas/demo/manifest.json',
        path: '$.parts[0].form',
        message: 'names a missing form: demo/contacts',
      },
    ],
    [
      'a manifest naming a missing version',
      (s: Tree) => {
        s['demo/manifest.json'].parts[0].version = 3;
      },
      {
        file: 'schemas/demo/manifest.json',
        path: '$.parts[0].version',
        message: 'names a missing version: demo/contact v3',
      },
    ],
    [
      'Markdown in a field description (the app ships no Markdown renderer)',
      (s: Tree) => {
        s['demo/contact/v1.ui.json'].kind['ui:enableMarkdownInDescription'] = true;
      },
      {
        file: 'schemas/demo/contact/v1.ui.json',
        path: '$.kind.ui:enableMarkdownInDescription',
        message: expect.stringMatching(/^enableMarkdownInDescription is not supported.*ADR 008/),
      },
    ],
    [
      'Markdown in help text given in ui:options',
      (s: Tree) => {
        s['demo/contact/v1.ui.json'].kind['ui:options'] = { enableMarkdownInHelp: true };
      },
      {
        file: 'schemas/demo/contact/v1.ui.json',
        path: '$.kind.ui:options.enableMarkdownInHelp',
        message: expect.stringMatching(/^enableMarkdownInHelp is not supported/),
      },
    ],
    [
      'Markdown switched on for the whole form (ui:globalOptions)',
      (s: Tree) => {
        s['demo/contact/v1.ui.json']['ui:globalOptions'] = { enableMarkdownInDescription: true };
      },
      {
        file: 'schemas/demo/contact/v1.ui.json',
        path: '$.ui:globalOptions.enableMarkdownInDescription',
        message: expect.stringMatching(/^enableMarkdownInDescription is not supported/),
      },
    ],
    [
      'an allOf member with a keyword the client cannot merge for drawing',
      (s: Tree) => {
        s['demo/contact/v1.schema.json'].properties.password.allOf[1].type = 'string';
      },
      {
        file: 'schemas/demo/contact/v1.schema.json',
        path: '$.properties.password.allOf[1].type',
        message: expect.stringMatching(/^an allOf member may not use "type".*ADR 009/),
      },
    ],
    [
      'a $id (the client resolves no URIs)',
      (s: Tree) => {
        s['demo/contact/v1.schema.json'].$id = 'https://example.org/contact';
      },
      {
        file: 'schemas/demo/contact/v1.schema.json',
        path: '$.$id',
        message: expect.stringMatching(/^\$id is not supported.*ADR 009/),
      },
    ],
    [
      'a $ref to another document',
      (s: Tree) => {
        s['demo/contact/v1.schema.json'].properties.notes = { $ref: 'common.json#/note' };
      },
      {
        file: 'schemas/demo/contact/v1.schema.json',
        path: '$.properties.notes.$ref',
        message: expect.stringMatching(/^only local references.*ADR 009/),
      },
    ],
    [
      'patternProperties',
      (s: Tree) => {
        s['demo/contact/v1.schema.json'].patternProperties = { '^x-': { type: 'string' } };
      },
      {
        file: 'schemas/demo/contact/v1.schema.json',
        path: '$.patternProperties',
        message: expect.stringMatching(/^patternProperties is not supported/),
      },
    ],
    [
      'oneOf (the client draws no option switcher)',
      (s: Tree) => {
        s['demo/contact/v1.schema.json'].properties.notes.oneOf = [{ maxLength: 5 }, { minLength: 9 }];
      },
      {
        file: 'schemas/demo/contact/v1.schema.json',
        path: '$.properties.notes.oneOf',
        message: expect.stringMatching(/^oneOf is not supported.*ADR 009/),
      },
    ],
    [
      'the data-url format (RJSF draws it with a file widget the client leaves out)',
      (s: Tree) => {
        s['demo/contact/v1.schema.json'].properties.notes.format = 'data-url';
      },
      {
        file: 'schemas/demo/contact/v1.schema.json',
        path: '$.properties.notes.format',
        message: expect.stringMatching(/^data-url is not supported/),
      },
    ],
    [
      'a ui:field (the client registers no custom or layout fields)',
      (s: Tree) => {
        s['demo/contact/v1.ui.json'].kind['ui:field'] = 'LayoutGridField';
      },
      {
        file: 'schemas/demo/contact/v1.ui.json',
        path: '$.kind.ui:field',
        message: expect.stringMatching(/^ui:field is not supported.*ADR 009/),
      },
    ],
    [
      'a field without a type (the client has no fallback field)',
      (s: Tree) => {
        delete s['demo/contact/v1.schema.json'].properties.items.items.properties.title.type;
      },
      {
        file: 'schemas/demo/contact/v1.schema.json',
        path: '$.properties.items.items.properties.title',
        message: 'a field must declare its type (ADR 009)',
      },
    ],
    [
      "RJSF's optional data controls",
      (s: Tree) => {
        s['demo/contact/v1.ui.json']['ui:globalOptions'] = { enableOptionalDataFieldForType: ['object'] };
      },
      {
        file: 'schemas/demo/contact/v1.ui.json',
        path: '$.ui:globalOptions.enableOptionalDataFieldForType',
        message: expect.stringMatching(/^enableOptionalDataFieldForType is not supported.*ADR 009/),
      },
    ],
  ])('fails on %s', (_, breakIt, problem) => {
    const s = schemas();
    breakIt(s);
    expect(checkForms(s, locales())).toContainEqual(problem);
  });

  it('accepts Markdown options that are switched off', () => {
    const s = schemas();
    s['demo/contact/v1.ui.json'].kind['ui:enableMarkdownInDescription'] = false;
    expect(checkForms(s, locales())).toEqual([]);
  });

  it('accepts a local $ref with rule keywords beside it', () => {
    const s = schemas();
    s['demo/contact/v1.schema.json'].definitions = { note: { type: 'string' } };
    s['demo/contact/v1.schema.json'].properties.notes = { $ref: '#/definitions/note', maxLength: 20 };
    expect(checkForms(s, locales())).toEqual([]);
  });

  it.each(['en', 'tr'])('fails on a label missing in %s', (lang) => {
    const l = locales();
    delete l[`${lang}/demo/contact.json`].phone.label;
    expect(checkForms(schemas(), l)).toContainEqual({
      file: `locales/${lang}/demo/contact.json`,
      path: 'phone.label',
      message: 'missing key (label)',
    });
  });

  it('fails on an option label missing and on a key present in only one language', () => {
    const l = locales();
    delete l['tr/demo/contact.json'].kind.options.work;
    l['en/common.json'].validation.extra = 'Only in English';
    const problems = checkForms(schemas(), l);
    expect(problems).toContainEqual({
      file: 'locales/tr/demo/contact.json',
      path: 'kind.options.work',
      message: 'missing key (option label)',
    });
    expect(problems).toContainEqual({
      file: 'locales/tr/common.json',
      path: 'validation.extra',
      message: 'missing key (present in en)',
    });
  });

  it('fails on a rule with no message at all', () => {
    const l = locales();
    delete l['en/demo/contact.json'].password.errors.digit;
    expect(checkForms(schemas(), l)).toContainEqual({
      file: 'locales/en/demo/contact.json',
      path: 'password.errors.digit',
      message: 'missing message for rule digit',
    });
  });

  // npx and tsx start a process: seconds on a loaded 2-core machine, past vitest's default 5 s
  it('runs as a command that prints file, path and problem, and exits 1', () => {
    const root = mkdtempSync(join(tmpdir(), 'check-forms-'));
    cpSync(FIXTURES, root, { recursive: true });
    const file = join(root, 'locales/tr/demo/contact.json');
    const words = JSON.parse(readFileSync(file, 'utf8'));
    delete words.phone.label;
    writeFileSync(file, JSON.stringify(words));
    const run = spawnSync(
      'npx',
      ['tsx', 'scripts/check-forms.ts', join(root, 'schemas'), join(root, 'locales')],
      {
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('locales/tr/demo/contact.json: phone.label: missing key (label)');
  }, 60_000); // starts tsx: seconds on a loaded machine
});
