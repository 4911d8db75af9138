// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getWidget, retrieveSchema } from '@rjsf/utils';
import Ajv from 'ajv';
import * as fastEquals from 'fast-equals';
import type { Alias } from 'vite';
import { createServer } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  checkRjsfReplacements,
  dropSchemaUtils,
  RJSF_REPLACEMENTS,
  RJSF_UNUSED_SCHEMA_UTILS,
} from '../../../scripts/rjsf-trim';
import * as allOf from '../../../src/client/forms/all-of-merge';
import * as smallEquals from '../../../src/client/forms/deep-equals';
import { fields as productFields } from '../../../src/client/forms/fields';
import { arrayTemplates } from '../../../src/client/forms/fields/array-field';
import localRefs from '../../../src/client/forms/local-refs';
import { templates as productTemplates } from '../../../src/client/forms/templates';
import { widgets as productWidgets } from '../../../src/client/forms/widgets';
import { ALL_OF_KEYWORDS } from '../../../src/forms/check';
import { readJsonTree } from '../../../src/forms/node';
import { WIDGET_NAMES } from '../../../src/forms/widget-names';
import config, { dropFromRjsfIndex, RJSF_DROPPED, rjsfDefaults } from '../../../vite.config';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** What the project's Vite config turns an import specifier into. */
function resolved(specifier: string): string {
  const aliases = (config.resolve?.alias ?? []) as Alias[];
  const alias = aliases.find((a) =>
    typeof a.find === 'string' ? a.find === specifier : a.find.test(specifier),
  );
  return alias ? specifier.replace(alias.find, alias.replacement) : specifier;
}

/** Every specifier of `pkg` (and its subpaths) imported by RJSF's modules. */
function rjsfImports(pkg: string): Set<string> {
  const found = new Set<string>();
  const pattern = new RegExp(`from ['"](${pkg.replace('/', '\\/')}(?:/[^'"]*)?)['"]`, 'g');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js')) {
        for (const match of readFileSync(path, 'utf8').matchAll(pattern)) found.add(match[1] as string);
      }
    }
  };
  for (const lib of ['@rjsf/core/lib', '@rjsf/utils/lib', '@rjsf/validator-ajv8/lib'])
    walk(join(root, 'node_modules', lib));
  return found;
}

type Schema = Record<string, unknown>;
const schemas = readJsonTree(join(root, 'schemas')) as Record<string, Schema>;
const validator = { isValid: () => true } as never;

describe('RJSF dependencies replaced in the client build (ADR 009)', () => {
  it.each([
    ['fast-uri', 'src/client/forms/local-refs.ts'],
    ['@x0k/json-schema-merge', 'src/client/forms/all-of-merge.ts'],
    ['fast-equals', 'src/client/forms/deep-equals.ts'],
  ])('%s: every specifier RJSF imports resolves to the small module', (pkg, file) => {
    const specifiers = rjsfImports(pkg);
    expect(specifiers.size).toBeGreaterThan(0);
    for (const specifier of specifiers) expect(resolved(specifier)).toBe(join(root, file));
  });

  it('the small deep compare answers as fast-equals does for what RJSF compares', () => {
    const options = {
      circular: true,
      createCustomConfig: () => ({ areFunctionsEqual: (_a: unknown, b: unknown) => typeof b === 'function' }),
    };
    const full = fastEquals.createCustomEqual(options);
    const small = smallEquals.createCustomEqual(options);
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    const loop2: Record<string, unknown> = { a: 1 };
    loop2.self = loop2;
    const cases: Array<[unknown, unknown]> = [
      [1, 1],
      [1, '1'],
      [Number.NaN, Number.NaN],
      [null, undefined],
      [null, {}],
      [{ a: [1, { b: 'ş' }] }, { a: [1, { b: 'ş' }] }],
      [{ a: [1, { b: 'ş' }] }, { a: [1, { b: 'Ş' }] }],
      [{ a: 1 }, { a: 1, b: undefined }],
      [{ a: undefined }, { b: undefined }],
      [
        [1, 2],
        [2, 1],
      ],
      [[], {}],
      [new Date(5), new Date(5)],
      [new Date(5), new Date(6)],
      [/a/g, /a/g],
      [/a/g, /a/i],
      [() => 1, () => 2],
      [{ onChange: () => 1 }, { onChange: () => 2 }],
      [loop, loop2],
      ...Object.values(schemas)
        .slice(0, 6)
        .map((schema) => [schema, structuredClone(schema)] as [unknown, unknown]),
    ];
    for (const [i, [a, b]] of cases.entries()) expect(small(a, b), `case ${i}`).toBe(full(a, b));
  });

  it('the merge handles exactly the keywords check:forms lets into allOf', () => {
    expect([...allOf.MERGEABLE_KEYWORDS].sort()).toEqual([...ALL_OF_KEYWORDS].sort());
  });

  it('offers the factory API RJSF calls', () => {
    const merge = allOf.createShallowAllOfMerge();
    expect(merge({ type: 'string', allOf: [{ minLength: 2 }] })).toEqual({ type: 'string', minLength: 2 });
  });

  it('draws every product field with an allOf as the full merge library does, patterns aside', () => {
    let fields = 0;
    for (const [path, schema] of Object.entries(schemas)) {
      if (!path.endsWith('.schema.json')) continue;
      for (const [name, field] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        if (!Array.isArray(field.allOf)) continue;
        fields += 1;
        const full = retrieveSchema(validator, field, schema) as Schema;
        const small = retrieveSchema(
          validator,
          field,
          schema,
          undefined,
          allOf.shallowAllOfMerge as never,
        ) as Schema;
        const { pattern: fullPattern, ...fullRest } = full;
        const { pattern: smallPattern, ...smallRest } = small;
        expect(smallRest, `${path} ${name}`).toEqual(fullRest);
        // the same strings match both merged patterns
        for (const value of ['Abcdef1!', 'abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdefg1', ''])
          expect(new RegExp(smallPattern as string, 'u').test(value)).toBe(
            new RegExp(fullPattern as string, 'u').test(value),
          );
      }
    }
    expect(fields).toBeGreaterThan(0);
  });

  it.each([
    [
      { minLength: 2, allOf: [{ minLength: 4 }, { maxLength: 9 }, { maxLength: 7 }] },
      { minLength: 4, maxLength: 7 },
    ],
    [{ required: ['a'], allOf: [{ required: ['a', 'b'] }] }, { required: ['a', 'b'] }],
    [
      {
        properties: { a: { type: 'string' } },
        allOf: [{ properties: { a: { maxLength: 3 }, b: { type: 'number' } } }],
      },
      { properties: { a: { type: 'string', maxLength: 3 }, b: { type: 'number' } } },
    ],
    [{ allOf: [{ errorMessage: 'first' }, { errorMessage: 'second' }] }, { errorMessage: 'first' }],
  ])('merges %j into %j', (schema, merged) => {
    expect(allOf.shallowAllOfMerge(schema)).toEqual(merged);
  });

  it('refuses a keyword it cannot merge exactly (RJSF then draws the field without allOf)', () => {
    expect(() => allOf.shallowAllOfMerge({ type: 'string', allOf: [{ type: 'number' }] })).toThrow(/type/);
  });

  it('resolves fragment references and refuses anything else', () => {
    expect(localRefs.resolve('#', '#/definitions/a')).toBe('#/definitions/a');
    expect(() => localRefs.resolve('#', 'other.json#/a')).toThrow(/ADR 009/);
    expect(localRefs.resolve('https://example.org/a#', '#/b')).toBe('https://example.org/a#/b');
    expect(() => localRefs.resolve('https://example.org/a', 'c.json#/b')).toThrow(/ADR 009/);
  });

  it('lets Ajv start and compile a form with local references (development loads the validator package whole)', () => {
    const ajv = new Ajv({ uriResolver: localRefs as never, allErrors: true });
    const validate = ajv.compile({
      definitions: { name: { type: 'string', minLength: 2 } },
      properties: { first: { $ref: '#/definitions/name' } },
    });
    expect(validate({ first: 'Ada' })).toBe(true);
    expect(validate({ first: 'A' })).toBe(false);
    expect(localRefs.serialize(localRefs.parse('http://json-schema.org/draft-07/schema#'))).toBe(
      'http://json-schema.org/draft-07/schema#',
    );
  });

  describe("RJSF's schema utilities, trimmed (ADR 139)", () => {
    const { file, names } = RJSF_UNUSED_SCHEMA_UTILS;
    const source = readFileSync(join(root, 'node_modules', file), 'utf8');
    const transform = rjsfDefaults().transform as (code: string, id: string) => { code: string } | undefined;

    it('leaves omitExtraData and toPathSchema out of the import, and throws where they would be called', () => {
      const code = transform(source, join(root, 'node_modules', file))?.code ?? '';
      const imported = /^import \{([^}]+)\} from "\.\/schema\/index\.js";$/m.exec(code)?.[1] ?? '';
      expect(imported).toContain('retrieveSchema');
      for (const name of names) {
        expect(imported).not.toMatch(new RegExp(`\\b${name}\\b`));
        expect(code).toContain(`function ${name}() { throw new Error(`);
      }
    });

    it('fails the build when RJSF no longer imports them there', () => {
      expect(() => dropSchemaUtils(source.replace('omitExtraData, ', ''), names, file)).toThrow(
        /expected `omitExtraData`.*ADR 009/,
      );
    });

    it('serves only what no screen asks for: no form sets omitExtraData or liveOmit', () => {
      const uses = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const path = join(dir, entry.name);
          if (entry.isDirectory()) return uses(path);
          return /\.tsx?$/.test(entry.name) &&
            /\b(omitExtraData|liveOmit|toPathSchema)\b/.test(readFileSync(path, 'utf8'))
            ? [path]
            : [];
        });
      expect(uses(join(root, 'src/client'))).toEqual([]);
    });
  });

  describe("RJSF's default registry, trimmed", () => {
    const FIELDS = '@rjsf/core/lib/components/fields/index.js';
    const WIDGETS = '@rjsf/core/lib/components/widgets/index.js';
    const TEMPLATES = '@rjsf/core/lib/components/templates/index.js';
    const source = (file: string) => readFileSync(join(root, 'node_modules', file), 'utf8');
    /** The registry keys an RJSF index file returns (`Key,` or `Key: Value,` lines of its object). */
    const keysOf = (code: string) =>
      [...code.matchAll(/^\s+(\w+)(?::[^,]+)?,$/gm)].map((m) => m[1] as string);
    const trimmed = (file: string) => {
      const transform = rjsfDefaults().transform as (
        code: string,
        id: string,
      ) => { code: string } | undefined;
      return transform(source(file), join(root, 'node_modules', file))?.code ?? '';
    };

    it('leaves the entries out of the production build only, and nothing else RJSF ships', () => {
      expect(rjsfDefaults().apply).toBe('build');
      const transform = rjsfDefaults().transform as (code: string, id: string) => unknown;
      expect(
        transform('x', join(root, 'node_modules/@rjsf/core/lib/components/fields/SchemaField.js')),
      ).toBeUndefined();
    });

    it('keeps a field for every JSON type RJSF draws (or the product registers it), and drops only the fields check:forms makes unreachable and the array field the product fetches', () => {
      const byType = [
        ...source('@rjsf/core/lib/components/fields/SchemaField.js').matchAll(/^\s+\w+: '(\w+Field)',$/gm),
      ];
      expect(byType.length).toBeGreaterThanOrEqual(6);
      const kept = keysOf(trimmed(FIELDS));
      // the array field is the product's, fetched for the forms that have an array (ADR 139)
      for (const [, field] of byType) expect([...kept, ...Object.keys(productFields)]).toContain(field);
      expect(Object.keys(productFields)).toEqual(['ArrayField']);
      expect(
        keysOf(source(FIELDS))
          .filter((key) => !kept.includes(key))
          .sort(),
      ).toEqual(
        [
          'AnyOfField',
          'ArrayField',
          'FallbackField',
          'LayoutGridField',
          'LayoutHeaderField',
          'LayoutMultiSchemaField',
          'OneOfField',
          'OptionalDataControlsField',
        ].sort(),
      );
    });

    it('drops only templates the product overrides, and those of the dropped fields and templates', () => {
      const kept = keysOf(trimmed(TEMPLATES));
      const dropped = keysOf(source(TEMPLATES)).filter((key) => !kept.includes(key));
      expect(dropped.length).toBe(RJSF_DROPPED[TEMPLATES]?.length);
      const overridden = [...Object.keys(productTemplates), ...Object.keys(arrayTemplates)];
      for (const key of dropped) {
        // the templates of dropped fields
        if (/^(Grid|MultiSchemaField|FallbackField|OptionalDataControls)Template$/.test(key)) continue;
        // the array templates come with the product's array field (ADR 139); the parts of RJSF's own array
        // templates are drawn by those alone, which the product's replace (ADR 150)
        if (overridden.includes(key)) continue;
        const users = readdirSync(join(root, 'node_modules/@rjsf/core/lib/components'), { recursive: true })
          .map(String)
          .filter(
            (file) => file.endsWith('.js') && !file.endsWith(`${key}.js`) && file !== 'templates/index.js',
          )
          .filter((file) => source(`@rjsf/core/lib/components/${file}`).includes(key));
        expect(users.length, key).toBeGreaterThan(0);
        for (const user of users)
          expect(overridden, `${key} in ${user}`).toContain(/(\w+)\.js$/.exec(user)?.[1]);
      }
    });

    it("leaves RJSF's buttons out only while the product themes every one of them", () => {
      expect(Object.keys(productTemplates.ButtonTemplates ?? {}).sort()).toEqual(
        [...source('@rjsf/core/lib/components/templates/ButtonTemplates/index.js').matchAll(/^\s+(\w+),$/gm)]
          .map((m) => m[1])
          .sort(),
      );
    });

    it.each(WIDGET_NAMES)('still resolves widget %s for check:forms-approved UI schemas', async (name) => {
      const kept = keysOf(trimmed(WIDGETS));
      const defaults = Object.fromEntries(
        await Promise.all(
          kept.map(async (widget) => [
            widget,
            (await import(`@rjsf/core/lib/components/widgets/${widget}.js`)).default,
          ]),
        ),
      );
      expect(() => getWidget({ type: 'string' }, name, { ...defaults, ...productWidgets })).not.toThrow();
    });

    it('fails the build when a dropped name is still used in an RJSF index', () => {
      expect(() =>
        dropFromRjsfIndex('import A from "./A.js";\nconst x = {\n  A,\n};\nuse(A);\n', ['A'], 'index.js'),
      ).toThrow(/index.js: cannot leave out A.*ADR 009/);
    });

    it('fails the build when an RJSF index no longer has the export it drops', () => {
      const renamed =
        'import ArrayFieldTemplateV2 from "./ArrayFieldTemplate.js";\nexport default {\n  ArrayFieldTemplateV2,\n};\n';
      expect(() => dropFromRjsfIndex(renamed, ['ArrayFieldTemplate'], TEMPLATES)).toThrow(
        /templates\/index.js: expected `import ArrayFieldTemplate from .*found none.*ADR 009/,
      );
    });

    it('fails the build when it never met an index file it trims (RJSF moved it)', () => {
      const plugin = rjsfDefaults();
      const hook = <K extends 'transform' | 'buildEnd'>(name: K) =>
        plugin[name] as unknown as (...args: unknown[]) => unknown;
      hook('transform')(source(FIELDS), join(root, 'node_modules', FIELDS));
      hook('transform')(source(WIDGETS), join(root, 'node_modules', WIDGETS));
      expect(() => hook('buildEnd')()).toThrow(
        /components\/templates\/index.js, node_modules\/@rjsf\/utils\/lib\/createSchemaUtils.js: expected .*never loaded it.*ADR 009/,
      );
      hook('transform')(source(TEMPLATES), join(root, 'node_modules', TEMPLATES));
      const utils = RJSF_UNUSED_SCHEMA_UTILS.file;
      hook('transform')(source(utils), join(root, 'node_modules', utils));
      expect(() => hook('buildEnd')()).not.toThrow();
    });
  });

  describe('checked at build start', () => {
    const existing = join(root, 'src/client/forms/local-refs.ts');

    it('passes on the RJSF installed', () => {
      expect(() => checkRjsfReplacements()).not.toThrow();
    });

    it('fails when RJSF no longer imports a replaced dependency', () => {
      const gone = { specifiers: ['uri-js'], find: /^uri-js$/, replacement: existing, why: 'ADR 009' };
      expect(() => checkRjsfReplacements([gone])).toThrow(/expected RJSF to import "uri-js".*ADR 009/);
    });

    it('fails when RJSF imports a path of a replaced package that no alias covers', () => {
      const narrow = {
        specifiers: ['@x0k/json-schema-merge'],
        find: /^@x0k\/json-schema-merge$/,
        replacement: existing,
        why: '',
      };
      expect(() => checkRjsfReplacements([narrow])).toThrow(
        /RJSF imports "@x0k\/json-schema-merge\/lib\/array", which no alias replaces.*ADR 009/,
      );
    });

    it('fails when the small module is missing', () => {
      const missing = {
        specifiers: ['fast-uri'],
        find: /^fast-uri$/,
        replacement: join(root, 'src/gone.ts'),
        why: 'ADR 009',
      };
      expect(() => checkRjsfReplacements([missing])).toThrow(
        /src\/gone.ts: expected the small module.*ADR 009/,
      );
    });

    it('fails when RJSF is not where the build looks for it', () => {
      expect(() => checkRjsfReplacements(RJSF_REPLACEMENTS, join(root, 'tests'))).toThrow(
        /node_modules\/@rjsf\/core\/lib: expected RJSF's modules here.*ADR 009/,
      );
    });
  });

  describe('the same RJSF in development, build and unit tests, or a tested difference', () => {
    it('the development server resolves the replaced dependencies to the same small modules as the build', async () => {
      const server = await createServer({
        configFile: join(root, 'vite.config.ts'),
        logLevel: 'silent',
        server: { middlewareMode: true, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const importer = join(root, 'node_modules/@rjsf/utils/lib/findSchemaDefinition.js');
        for (const { specifiers, replacement } of RJSF_REPLACEMENTS)
          for (const specifier of specifiers)
            expect((await server.pluginContainer.resolveId(specifier, importer))?.id).toBe(replacement);
        // the registry is trimmed by the build only: development draws with RJSF's whole registry
        expect(server.config.plugins.map((p) => p.name)).not.toContain('rjsf-defaults');
      } finally {
        await server.close();
      }
    }, 60_000);

    it('unit tests run the real libraries, so the comparisons above are against them', async () => {
      const fastUri = (await import('fast-uri')).default as { parse?: unknown };
      expect(typeof fastUri.parse).toBe('function');
      expect(resolved('fast-uri')).toBe(join(root, 'src/client/forms/local-refs.ts'));
    });
  });
});
