import Ajv, { type Options } from 'ajv';
import ajvErrors from 'ajv-errors';
import { formats } from './formats.ts';

/** The options RJSF uses for its own Ajv instance, plus `$data` (confirm-password rules). */
export const ajvOptions: Options = {
  allErrors: true,
  multipleOfPrecision: 8,
  strict: false,
  verbose: true,
  discriminator: false,
  $data: true,
};

/** RJSF marks expanded additional properties with this keyword; Ajv must know it. */
export const RJSF_ADDITIONAL_PROPERTIES_KEYWORD = '__rjsf_additionalProperties';

/** Adds what every engine Ajv instance needs on top of its options: ajv-errors and RJSF's keyword. */
export function extendAjv(ajv: Ajv): Ajv {
  ajvErrors(ajv);
  // a keyword added without a definition (as RJSF does) is in RULES.keywords but not in getKeyword()
  if (!ajv.RULES.keywords[RJSF_ADDITIONAL_PROPERTIES_KEYWORD])
    ajv.addKeyword(RJSF_ADDITIONAL_PROPERTIES_KEYWORD);
  return ajv;
}

/** An Ajv instance configured like the engine's validators everywhere. */
export function createAjv(overrides: Options = {}): Ajv {
  return extendAjv(new Ajv({ ...ajvOptions, formats, ...overrides }));
}
