/**
 * Section 2: validation speed in Node. The largest intake section (medical history: ten medication rows,
 * long texts), full and draft, through RJSF's validator interface as the browser calls it on every change:
 * the product's precompiled validator (the renderer's `precompileSchema` output, imported as a module) plus
 * the engine's translation of the errors, against RJSF's default runtime validator `@rjsf/validator-ajv8`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import defaultValidator from '@rjsf/validator-ajv8';
import { createPrecompiledEngine, type PrecompiledFormModule } from '../../src/client/forms/client-engine';
import { fieldOrder, sortByFieldOrder, toRawError, toRjsfError } from '../../src/client/forms/rjsf-errors';
import type { JsonSchema, ValidationMode } from '../../src/forms';
import { loadEngine, ROOT_DIR, readJsonTree } from '../../src/forms/node';
import { precompileSchema } from '../../src/forms/precompile/compile-form';
import { medicalHistoryDraft, medicalHistoryFull } from '../fixtures/intake-data';
import type { Row } from '../lib/results';
import { type Spread, spread } from '../lib/stats';
import type { BenchContext } from './context';

const FORM_ID = 'intake/medical-history';
const TARGET_MS = 0.1;

/**
 * Per-call milliseconds of several functions: `samples` rounds, each timing a batch of `batch` calls of every
 * function in turn, so a busy moment of this shared machine hits all of them alike.
 */
export function timePerCall(fns: Array<() => unknown>, samples: number, batch: number): Spread[] {
  for (const fn of fns) for (let i = 0; i < batch * 20; i++) fn();
  const perCall: number[][] = fns.map(() => []);
  for (let s = 0; s < samples; s++) {
    fns.forEach((fn, f) => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < batch; i++) fn();
      perCall[f]?.push(Number(process.hrtime.bigint() - start) / 1e6 / batch);
    });
  }
  return perCall.map(spread);
}

/** Imports the precompiled module of one form version, as the Vite plugin would serve it. */
async function importPrecompiled(ctx: BenchContext, schema: JsonSchema): Promise<PrecompiledFormModule> {
  const code = precompileSchema(schema, {
    formats: join(ROOT_DIR, 'src/forms/formats.ts'),
    runtime: join(ROOT_DIR, 'src/forms/precompile/runtime.ts'),
  }).code;
  const dir = join(ctx.outDir, 'validators');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `medical-history-1-${process.pid}.mts`);
  writeFileSync(file, code);
  return (await import(pathToFileURL(file).href)) as PrecompiledFormModule;
}

export async function validationSection(ctx: BenchContext): Promise<Row[]> {
  const nodeEngine = loadEngine();
  const form = nodeEngine.registry.get(FORM_ID, undefined);
  const module = await importPrecompiled(ctx, form.schema);
  const engine = createPrecompiledEngine({
    schemaFiles: readJsonTree(join(ROOT_DIR, 'schemas')),
    localeFiles: readJsonTree(join(ROOT_DIR, 'locales')),
    validators: { [`${form.id}@${form.version}`]: module },
  });
  const browserForm = engine.registry.get(FORM_ID, form.version);
  const precompiled = engine.rjsfValidator(browserForm);
  // SchemaForm hands RJSF the registry's schema object, the one the precompiled validator was made with
  // (RJSF deep-compares any other object with it on every call)
  const schema = browserForm.schema as RJSFSchema;
  const order = fieldOrder(form.schema, form.uiSchema);

  // what SchemaForm's validator does around RJSF's: translate, drop draft-tolerated errors, sort
  const productValidate = (validator: ValidatorType, data: unknown, mode: ValidationMode) =>
    validator.validateFormData(data, schema, undefined, (errors: RJSFValidationError[]) =>
      sortByFieldOrder(
        engine.localize(FORM_ID, errors.map(toRawError), { mode, lang: 'tr', data }),
        order,
      ).map(toRjsfError),
    );

  const cases = [
    { mode: 'full' as const, data: medicalHistoryFull(), label: 'full (valid, 10 rows, long texts)' },
    { mode: 'draft' as const, data: medicalHistoryDraft(), label: 'draft (mid-way, 10 rows, long texts)' },
  ];
  const samples = ctx.quick ? 40 : 400;
  const batch = 10;
  const rows: Row[] = [];
  for (const { mode, data, label } of cases) {
    const ours = productValidate(precompiled, data, mode);
    if (mode === 'full' && ours.errors.length > 0) {
      throw new Error(`fixture not valid in full mode: ${JSON.stringify(ours.errors.slice(0, 3))}`);
    }
    const [oursTime, refTime, server] = timePerCall(
      [
        () => productValidate(precompiled, data, mode),
        () => defaultValidator.validateFormData(data, schema),
        () => nodeEngine.validate(FORM_ID, form.version, data, { mode, lang: 'tr' }),
      ],
      samples,
      batch,
    ) as [Spread, Spread, Spread];
    rows.push({
      section: '2',
      metric: `Validate medical history, ${label}: precompiled + engine errors`,
      unit: 'ms',
      ours: oursTime,
      reference: { label: 'RJSF default validator', value: refTime },
      target: { text: `median < ${TARGET_MS} ms`, met: oursTime.median < TARGET_MS },
    });
    rows.push({
      section: '2',
      metric: `  same, server path engine.validate(${mode})`,
      unit: 'ms',
      ours: server,
      reference: { label: 'RJSF default validator', value: refTime },
      target: { text: `median < ${TARGET_MS} ms`, met: server.median < TARGET_MS },
    });
  }
  return rows;
}
