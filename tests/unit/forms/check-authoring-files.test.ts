// @vitest-environment node
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formValidators } from '../../../scripts/vite-form-validators';
import { checkForms, type Problem } from '../../../src/forms/check';
import { schemaRefFor } from '../../../src/forms/check-authoring-files';
import { createEngine } from '../../../src/forms/engine';
import { readJsonTree, runtimeCompiler } from '../../../src/forms/node';
import uiMetaSchema from '../../../src/forms/questionnaires/meta/ui.schema.json';
import { checkScoringLock, publishScoringLock } from '../../../src/forms/questionnaires/scoring-lock';
import { WIDGET_NAMES } from '../../../src/forms/widget-names';

const ROOT = join(__dirname, '../../..');
const FIXTURES = join(__dirname, '../../fixtures/questionnaires/files');
// biome-ignore lint/suspicious/noExplicitAny: fixtures are edited freely to break them
type Tree = Record<string, any>;
const schemas = () => structuredClone(readJsonTree(`${FIXTURES}/schemas`)) as Tree;
const locales = () => structuredClone(readJsonTree(`${FIXTURES}/locales`)) as Tree;
const sha256 = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
const META = 'src/forms/questionnaires/meta';
const MINI = 'questionnaires/mini';

/** Every file of the fixture names its schema, as the shipped questionnaires do. */
function withSchemaRefs(s: Tree, l: Tree) {
  for (const key of Object.keys(s)) {
    const ref = schemaRefFor(`schemas/${key}`);
    if (ref) s[key] = { $schema: ref, ...s[key] };
  }
  for (const key of Object.keys(l)) {
    const ref = schemaRefFor(`locales/${key}`);
    if (ref) l[key] = { $schema: ref, ...l[key] };
  }
}

describe('"$schema" in authoring files (ADR 123)', () => {
  it('names each kind of file its schema by a path relative to the file', () => {
    expect(schemaRefFor('schemas/questionnaires/q/v1.schema.json')).toBe(`../../../${META}/form.schema.json`);
    expect(schemaRefFor('schemas/questionnaires/q/v1.ui.json')).toBe(`../../../${META}/ui.schema.json`);
    expect(schemaRefFor('schemas/questionnaires/q/questionnaire.json')).toBe(
      `../../../${META}/questionnaire.schema.json`,
    );
    expect(schemaRefFor('schemas/questionnaires/q/v2.scoring.v3.json')).toBe(
      `../../../${META}/scoring.schema.json`,
    );
    expect(schemaRefFor('schemas/questionnaires/q/v2.scoring.v3.cases.json')).toBe(
      `../../../${META}/cases.schema.json`,
    );
    expect(schemaRefFor('locales/tr/questionnaires/q.json')).toBe(`../../../${META}/locale.schema.json`);
    expect(schemaRefFor('schemas/intake/demographics/v1.schema.json')).toBeUndefined();
  });

  it('is in every shipped questionnaire file, naming a schema that exists', () => {
    const files = [
      ...Object.keys(readJsonTree(join(ROOT, 'schemas'))).map((key) => `schemas/${key}`),
      ...Object.keys(readJsonTree(join(ROOT, 'locales'))).map((key) => `locales/${key}`),
    ].filter((file) => /^(schemas\/questionnaires\/[^/]+\/|locales\/[a-z]{2}\/questionnaires\/)/.test(file));
    expect(files.length).toBeGreaterThanOrEqual(12);
    for (const file of files) {
      const ref = schemaRefFor(file);
      expect(ref, file).toBeDefined();
      expect(JSON.parse(readFileSync(join(ROOT, file), 'utf8')).$schema, file).toBe(ref);
      expect(existsSync(join(ROOT, file, '..', ref!)), `${file}: ${ref}`).toBe(true);
    }
  });

  it('is ignored by check:forms in every kind of file (UI fields, locale parity, words)', () => {
    const s = schemas();
    const l = locales();
    withSchemaRefs(s, l);
    // only in English: parity would miss it in Turkish if it were a text
    delete l['tr/questionnaires/mini.json'].$schema;
    expect(checkForms(s, l)).toEqual([]);
  });

  it('reaches neither the schema Ajv compiles, nor the uiSchema drawn, nor the texts', () => {
    const s = schemas();
    const l = locales();
    withSchemaRefs(s, l);
    const engine = createEngine({ schemaFiles: s, localeFiles: l, compile: runtimeCompiler() });
    expect(engine.registry.get(MINI, 2).schema).not.toHaveProperty('$schema');
    expect(engine.uiSchema(MINI, 2, 'en')).not.toHaveProperty('$schema');
    expect(engine.resources.en[MINI]).not.toHaveProperty('$schema');
    expect(engine.validate(MINI, 2, { often: 1, calm: 2 }, { mode: 'full', lang: 'en' })).toEqual([]);
  });

  it('reaches no precompiled validator: the browser build compiles a form whose file names its schema', async () => {
    const dir = mkdtempSync(join(ROOT, 'tmp-schema-ref-'));
    try {
      const s = schemas();
      withSchemaRefs(s, {});
      mkdirSync(join(dir, MINI), { recursive: true });
      writeFileSync(join(dir, MINI, 'v2.schema.json'), JSON.stringify(s[`${MINI}/v2.schema.json`]));
      const plugin = formValidators({ schemasDir: dir });
      const load = plugin.load as (this: unknown, id: string) => Promise<string> | string;
      const code = await load.call({ addWatchFile: () => undefined }, `\0virtual:form-validators/${MINI}@2`);
      expect(code).toContain('export');
      expect(code).not.toContain('$schema');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not change a published scoring hash, so the shipped lock still holds', () => {
    const s = schemas();
    const { lock } = publishScoringLock(s, undefined, sha256);
    withSchemaRefs(s, {});
    expect(s[`${MINI}/v2.scoring.json`].$schema).toBeDefined();
    expect(checkScoringLock(s, lock, sha256)).toEqual([]);
    const shipped = readJsonTree(join(ROOT, 'schemas'));
    const shippedLock = JSON.parse(
      readFileSync(join(ROOT, 'schemas/questionnaires/scoring.lock.json'), 'utf8'),
    );
    expect(checkScoringLock(shipped, shippedLock, sha256)).toEqual([]);
  });

  it("is refused when it names another kind of file's schema", () => {
    const s = schemas();
    s[`${MINI}/v2.ui.json`].$schema = `../../../${META}/form.schema.json`;
    expect(checkForms(s, locales())).toEqual([
      {
        file: `schemas/${MINI}/v2.ui.json`,
        path: '$.$schema',
        message: `must be "../../../${META}/ui.schema.json": the schema editors check this kind of file with (ADR 123)`,
      },
    ]);
  });
});

type Break = (schemas: Tree, locales: Tree) => void;

describe('check:forms validates each questionnaire file with its authoring schema', () => {
  it.each<[string, Break, Problem]>([
    [
      'an item of a kind the questionnaire engine does not draw (v<N>.schema.json)',
      (s) => {
        s[`${MINI}/v2.schema.json`].properties.reason.type = 'array';
      },
      {
        file: `schemas/${MINI}/v2.schema.json`,
        path: '$.properties.reason.type',
        message: 'must be one of string, integer, number, boolean',
      },
    ],
    [
      'an item id that is not an id (v<N>.schema.json)',
      (s) => {
        s[`${MINI}/v2.schema.json`].properties['how-often'] = { type: 'string' };
      },
      {
        file: `schemas/${MINI}/v2.schema.json`,
        path: '$.properties.how-often',
        message: 'is not a valid id: a letter, then letters, digits or _',
      },
    ],
    [
      'a misspelt ui:options key (v<N>.ui.json)',
      (s) => {
        s[`${MINI}/v2.ui.json`].reason['ui:options'] = { optinal: true };
      },
      {
        file: `schemas/${MINI}/v2.ui.json`,
        path: '$.reason.ui:options.optinal',
        message: 'is not a known property here (see the file\'s "$schema")',
      },
    ],
    [
      'a group without its fields (v<N>.ui.json)',
      (s) => {
        s[`${MINI}/v2.ui.json`]['ui:options'] = { groups: [{ id: 'first' }] };
      },
      {
        file: `schemas/${MINI}/v2.ui.json`,
        path: '$.ui:options.groups[0].fields',
        message: 'is required',
      },
    ],
    [
      'a misspelt key under _scales (locale file)',
      (_, l) => {
        l['tr/questionnaires/mini.json']._scales.total.lable = 'Toplam';
      },
      {
        file: 'locales/tr/questionnaires/mini.json',
        path: '$._scales.total.lable',
        message: 'is not a known property here (see the file\'s "$schema")',
      },
    ],
    [
      'an overlay for a respondent that does not exist (locale file)',
      (_, l) => {
        l['en/questionnaires/mini.json']._respondents = { parent: { often: { label: 'How often?' } } };
      },
      {
        file: 'locales/en/questionnaires/mini.json',
        path: '$._respondents.parent',
        message: 'is not a known property here (see the file\'s "$schema")',
      },
    ],
    [
      'an option label that is not text (locale file)',
      (_, l) => {
        l['en/questionnaires/mini.json'].often.options = { '0': 0 };
      },
      {
        file: 'locales/en/questionnaires/mini.json',
        path: '$.often.options.0',
        message: 'must be string',
      },
    ],
  ])('%s', (_, breakIt, problem) => {
    const s = schemas();
    const l = locales();
    breakIt(s, l);
    expect(checkForms(s, l)).toContainEqual(problem);
  });

  it('names an unregistered widget once, as the UI check does', () => {
    const s = schemas();
    s[`${MINI}/v2.ui.json`].often['ui:widget'] = 'dial';
    expect(checkForms(s, locales())).toEqual([
      {
        file: `schemas/${MINI}/v2.ui.json`,
        path: '$.often.ui:widget',
        message: 'widget is not registered: dial',
      },
    ]);
  });

  it('offers editors exactly the registered widgets', () => {
    expect(uiMetaSchema.definitions.itemUi.properties['ui:widget'].enum).toEqual([...WIDGET_NAMES]);
  });

  it('passes the shipped questionnaires', () => {
    const problems = checkForms(readJsonTree(join(ROOT, 'schemas')), readJsonTree(join(ROOT, 'locales')));
    expect(problems).toEqual([]);
  });
});
