import Ajv, { _, type CodeKeywordDefinition, type Options, str } from 'ajv';
import ajvErrors from 'ajv-errors';
import { formats } from './formats.ts';
import { characterCount } from './text-length.ts';

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

/**
 * `maxLength` and `minLength` as Ajv defines them (the same errors, params and `$data`), counting characters with
 * the engine's `characterCount`: Ajv's own counter walks every character of every text, 7.5 % of the server's
 * CPU in a save of long answers (ADR 157). Standalone code names Ajv's runtime helper as before, and the
 * precompiler swaps that name for the same `characterCount` (precompile/runtime.ts).
 */
const textLength: CodeKeywordDefinition = {
  keyword: ['maxLength', 'minLength'],
  type: 'string',
  schemaType: 'number',
  $data: true,
  error: {
    message: ({ keyword, schemaCode }) =>
      str`must NOT have ${keyword === 'maxLength' ? 'more' : 'fewer'} than ${schemaCode} characters`,
    params: ({ schemaCode }) => _`{limit: ${schemaCode}}`,
  },
  code(cxt) {
    const { keyword, data, schemaCode, gen } = cxt;
    const count = gen.scopeValue('func', {
      ref: characterCount,
      code: _`require("ajv/dist/runtime/ucs2length").default`,
    });
    cxt.fail$data(
      keyword === 'maxLength' ? _`${count}(${data}) > ${schemaCode}` : _`${count}(${data}) < ${schemaCode}`,
    );
  },
};

/** Adds what every engine Ajv instance needs on top of its options: ajv-errors, RJSF's keyword, text lengths. */
export function extendAjv(ajv: Ajv): Ajv {
  ajv.removeKeyword('maxLength').removeKeyword('minLength').addKeyword(textLength);
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
