import { DATE_FORMATS, isImpossibleDate } from './formats.ts';
import type { Translate } from './locales';
import type { FieldError, Lang, RawError, ValidationMode } from './types';

/**
 * Keywords whose errors make data unsafe to store: a draft refuses only these (ADR 003). Every other rule
 * (`required`, `minLength`, `minItems`, `minimum`, `format`, `pattern`, `const`...) only says "not right yet".
 */
export const STORAGE_KEYWORDS = new Set([
  'type',
  'enum',
  'maximum',
  'exclusiveMaximum',
  'maxLength',
  'maxItems',
  'maxProperties',
  'additionalProperties',
  'uniqueItems',
]);

/** Keywords whose errors only explain another error; never shown on their own. */
const NOISE_KEYWORDS = new Set(['if', 'anyOf', 'oneOf']);

/** When a field has several errors, the most basic one is shown (GOV.UK: one message per field). */
const RULE_PRIORITY = ['required', 'type', 'const', 'enum', 'minLength', 'maxLength', 'pattern', 'format'];

function keywordPriority(keyword: string): number {
  const index = RULE_PRIORITY.indexOf(keyword);
  return index === -1 ? RULE_PRIORITY.length : index;
}

/** An ajv-errors rule ranks as the most basic keyword it stands for (`uppercase` as `pattern`). */
function priority(located: Located): number {
  return Math.min(...located.keywords.map(keywordPriority));
}

function unescapePointer(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** `/currentMedications/0/name` -> ['currentMedications', '0', 'name'] */
export function pointerSegments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescapePointer);
}

/** The value at a path's segments, undefined where the data has none. */
export function valueAt(data: unknown, segments: string[]): unknown {
  let current = data;
  for (const segment of segments) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

interface Located {
  segments: string[];
  rule: string;
  params: Record<string, unknown>;
  keywords: string[];
}

/** Where an error belongs and which rule it breaks (ADR 002). */
function locate(error: RawError): Located | undefined {
  const segments = pointerSegments(error.instancePath);
  if (error.keyword === 'errorMessage') {
    const original = (error.params.errors as RawError[] | undefined) ?? [];
    const rule = error.message ?? 'invalid';
    const first = original[0];
    const params = first ? { ...first.params } : {};
    const missing = original.find((e) => e.keyword === 'required')?.params.missingProperty;
    return {
      segments: typeof missing === 'string' ? [...segments, missing] : segments,
      rule,
      params,
      keywords: original.map((e) => e.keyword),
    };
  }
  if (NOISE_KEYWORDS.has(error.keyword)) return undefined;
  if (error.keyword === 'required') {
    const missing = String(error.params.missingProperty ?? '');
    return {
      segments: [...segments, missing],
      rule: 'required',
      params: error.params,
      keywords: ['required'],
    };
  }
  if (error.keyword === 'format') {
    return {
      segments,
      rule: `format.${String(error.params.format)}`,
      params: error.params,
      keywords: ['format'],
    };
  }
  return { segments, rule: error.keyword, params: error.params, keywords: [error.keyword] };
}

/** A date format's error on a date that cannot exist is about the value's type, not its completeness. */
function isImpossibleDateError(located: Located, data: unknown): boolean {
  const format = located.rule.startsWith('format.') ? located.rule.slice('format.'.length) : undefined;
  return (
    format !== undefined && DATE_FORMATS.has(format) && isImpossibleDate(valueAt(data, located.segments))
  );
}

function isDraftTolerated(located: Located, data: unknown): boolean {
  if (isImpossibleDateError(located, data)) return false;
  if (!located.keywords.some((k) => STORAGE_KEYWORDS.has(k))) return true;
  // an empty string means "not filled in yet"
  return valueAt(data, located.segments) === '';
}

export interface LocalizeOptions {
  formId: string;
  lang: Lang;
  mode: ValidationMode;
  /** The validated data: needed to recognise empty values in draft mode. */
  data?: unknown;
  translate: Translate;
}

/**
 * Turns raw Ajv errors into translated field errors, one per field: the field's own key
 * (`<field>.errors.<rule>`) first, then the form's own (`_form.errors.<rule>`, a questionnaire's 'Answer this
 * question'), then the generic `validation.<rule>` with parameters.
 */
export function localizeErrors(errors: readonly RawError[], options: LocalizeOptions): FieldError[] {
  const { formId, lang, mode, data, translate } = options;
  const byPath = new Map<string, FieldError & { rank: number }>();

  for (const error of errors) {
    const located = locate(error);
    if (!located) continue;
    if (mode === 'draft' && isDraftTolerated(located, data)) continue;

    const path = located.segments.join('.');
    const field = located.segments.filter((s) => !/^\d+$/.test(s)).join('.');
    const current = byPath.get(path);
    if (current && current.rank <= priority(located)) continue;

    const fieldRule = located.rule.startsWith('format.') ? 'format' : located.rule;
    const label = (field && translate(lang, formId, `${field}.label`)) || field;
    const params = { ...located.params, label };
    const message =
      (field ? translate(lang, formId, `${field}.errors.${fieldRule}`, params) : undefined) ??
      (field ? translate(lang, formId, `_form.errors.${fieldRule}`, params) : undefined) ??
      translate(lang, 'common', `validation.${located.rule}`, params) ??
      translate(lang, 'common', 'validation.invalid', params) ??
      located.rule;
    byPath.set(path, {
      path,
      field,
      rule: located.rule,
      params: located.params,
      message,
      rank: priority(located),
    });
  }
  return [...byPath.values()].map(({ rank: _rank, ...error }) => error);
}

/** `{ path: message }`, the shape of the API's `fields`. */
export function errorsByPath(errors: readonly FieldError[]): Record<string, string> {
  return Object.fromEntries(errors.map((e) => [e.path, e.message]));
}
