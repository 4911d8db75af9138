// @vitest-environment node
import { type RJSFSchema, retrieveSchema } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { describe, expect, it, vi } from 'vitest';
import { createAjv } from '../../../src/forms/ajv';
import { loadEngine } from '../../../src/forms/node';
import { precompileSchema } from '../../../src/forms/precompile/compile-form';
import { equal, ucs2length } from '../../../src/forms/precompile/runtime';
import type { JsonSchema, RawError } from '../../../src/forms/types';
import {
  FIXTURE_LOCALES,
  FIXTURE_SCHEMAS,
  importPrecompiled,
  precompileImports,
} from '../../fixtures/forms/precompiled-engine';

vi.setConfig({ testTimeout: 30_000 });

const shape = (errors: readonly RawError[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath} ${e.keyword} ${e.message ?? ''}`).sort();

/** Data that breaks many rules at once: every property empty, wrong type, or filled. */
function samples(schema: JsonSchema): unknown[] {
  const names = Object.keys((schema.properties ?? {}) as object);
  const all = (value: unknown) => Object.fromEntries(names.map((n) => [n, value]));
  return [{}, all(''), all('x'), all(3), all(true), all(['x']), all({}), 'not an object'];
}

const forms = [
  ...loadEngine().registry.list(),
  ...loadEngine({ schemasDir: FIXTURE_SCHEMAS, localesDir: FIXTURE_LOCALES }).registry.list(),
];

describe('precompiled validators', () => {
  it('finds the forms to check', () => {
    expect(forms.length).toBeGreaterThan(2);
  });

  it.each(forms.map((f) => [`${f.id} v${f.version}`, f] as const))(
    '%s: precompiles to plain ES code that answers exactly as the run-time Ajv',
    async (_name, form) => {
      const { code, rootId } = precompileSchema(form.schema, precompileImports);
      expect(code).not.toMatch(/\brequire\(|new Function|\beval\(/);
      const module = await importPrecompiled(code, `${form.id}@${form.version}`);
      expect(module.rootId).toBe(rootId);
      const precompiled = module.validateFns[rootId]!;
      const runtime = createAjv().compile(form.schema);
      for (const data of samples(form.schema)) {
        const ok = precompiled(data);
        expect(ok).toBe(runtime(data));
        expect(shape(precompiled.errors as RawError[])).toEqual(shape(runtime.errors as RawError[]));
      }
    },
  );

  it('compiles the sub-schemas RJSF validates on their own (conditionals) under RJSF ids', async () => {
    const schema = {
      type: 'object',
      properties: { kind: { type: 'string', enum: ['a', 'b'] } },
      if: { properties: { kind: { const: 'a' } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else
      then: { properties: { extra: { type: 'string', minLength: 3 } } },
      else: { properties: { other: { type: 'integer' } } },
    } satisfies JsonSchema;
    const { code, ids } = precompileSchema(schema, precompileImports);
    expect(ids.length).toBeGreaterThan(1);
    const module = await importPrecompiled(code, 'conditional');
    const validator = createPrecompiledValidator(module.validateFns, schema as RJSFSchema);
    const resolved = retrieveSchema(validator, schema as RJSFSchema, schema as RJSFSchema, { kind: 'a' });
    expect(Object.keys(resolved.properties ?? {})).toEqual(['kind', 'extra']);
    const other = retrieveSchema(validator, schema as RJSFSchema, schema as RJSFSchema, { kind: 'b' });
    expect(Object.keys(other.properties ?? {})).toEqual(['kind', 'other']);
  });
});

describe('precompile runtime helpers', () => {
  it.each([
    ['abc', 3],
    ['ğüşıöç', 6],
    ['😀a', 2],
    ['', 0],
  ])('ucs2length(%j) is %i', (text, length) => {
    expect(ucs2length(text)).toBe(length);
  });

  it.each([
    [1, 1, true],
    ['a', 'b', false],
    [{ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }, true],
    [{ a: 1 }, { a: 1, b: undefined }, false],
    [[1, 2], [2, 1], false],
    [null, {}, false],
    [Number.NaN, Number.NaN, true],
  ])('equal(%j, %j) is %s', (a, b, expected) => {
    expect(equal(a, b)).toBe(expected);
  });
});
