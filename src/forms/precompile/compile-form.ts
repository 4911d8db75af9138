/**
 * Precompiles one form version into ES module source: RJSF's validator functions (the root schema and every
 * sub-schema RJSF validates on its own) as standalone Ajv code, so the browser never compiles a schema.
 */
import { hashForSchema, type RJSFSchema, schemaParser } from '@rjsf/utils';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { _ } from 'ajv';
import { ajvOptions, extendAjv } from '../ajv.ts';
import { formats } from '../formats.ts';
import type { JsonSchema } from '../types.ts';

/** Module specifiers the generated code imports from. */
export interface PrecompileImports {
  /** Exports `formats` (src/forms/formats.ts). */
  formats: string;
  /** Exports `ucs2length` and `equal` (src/forms/precompile/runtime.ts). */
  runtime: string;
}

export interface PrecompiledForm {
  /** ES module source exporting `validateFns` (RJSF schema id -> function) and `rootId`. */
  code: string;
  rootId: string;
  /** RJSF schema ids of every compiled (sub-)schema, root first. */
  ids: string[];
}

const RUNTIME_REQUIRES: Record<string, string> = {
  'require("ajv/dist/runtime/ucs2length").default': '__ucs2length',
  'require("ajv/dist/runtime/equal").default': '__equal',
};

/**
 * RJSF's own precompiler with the engine's options, formats and ajv-errors. It emits CommonJS (`exports["<id>"]
 * = ...`): RJSF's hash ids may start with '-' or a digit, which Ajv refuses as ES export names.
 */
function compileCode(schema: RJSFSchema): string {
  return compileSchemaValidatorsCode(schema, {
    ajvOptionsOverrides: {
      ...ajvOptions,
      formats,
      // the generated code reads format functions from the imported `formats` object
      code: { source: true, esm: false, lines: false, formats: _`__formats` },
    },
    ajvFormatOptions: false,
    extenderFn: extendAjv,
  });
}

/** Compiles a form version's schema; throws with the reason when a schema cannot be precompiled. */
export function precompileSchema(schema: JsonSchema, imports: PrecompileImports): PrecompiledForm {
  const rootSchema = schema as RJSFSchema;
  const schemaMap = schemaParser(rootSchema);
  const rootId = (rootSchema.$id as string | undefined) ?? hashForSchema(rootSchema);
  const ids = [rootId, ...Object.keys(schemaMap).filter((id) => id !== rootId)];

  let body = compileCode(rootSchema);
  for (const [needle, name] of Object.entries(RUNTIME_REQUIRES)) body = body.replaceAll(needle, name);
  const leftover = /require\([^)]*\)/.exec(body);
  if (leftover) throw new Error(`precompiled validator needs an unsupported runtime helper: ${leftover[0]}`);

  const code = [
    `import { formats as __formats } from ${JSON.stringify(imports.formats)};`,
    `import { ucs2length as __ucs2length, equal as __equal } from ${JSON.stringify(imports.runtime)};`,
    // the CommonJS body assigns every validator to `exports`, keyed by RJSF schema id
    'const exports = {};',
    body,
    `export const rootId = ${JSON.stringify(rootId)};`,
    'export const validateFns = exports;',
    '',
  ].join('\n');
  return { code, rootId, ids };
}
