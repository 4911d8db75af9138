/**
 * Table-driven rule tests over the real `schemas/` and `locales/`: each case breaks one rule of valid data and
 * names the field, the rule and the exact English message of the specs; the Turkish message must be its own
 * (non-empty, not the English text, no unfilled {{placeholders}}).
 */
import { expect, it } from 'vitest';
import { loadEngine } from '../../../../src/forms/node';
import type { FieldError, Lang, ValidationMode } from '../../../../src/forms/types';

export const engine = loadEngine();

export type Data = Record<string, unknown>;

export function validate(
  formId: string,
  data: unknown,
  mode: ValidationMode = 'full',
  lang: Lang = 'en',
): FieldError[] {
  return engine.validate(formId, 1, data, { mode, lang });
}

/** A copy of `base` with `patch` applied; a key patched to `undefined` is removed. */
export function apply(base: Data, patch: Data): Data {
  const data = structuredClone(base);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete data[key];
    else data[key] = structuredClone(value);
  }
  return data;
}

function valueAt(data: unknown, path: string): unknown {
  let current = data;
  for (const segment of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

export interface RuleCase {
  name: string;
  patch: Data;
  /** Data path of the error (`currentMedications.0.name`). */
  path: string;
  /** Rule name as the engine reports it (`minLength`, `format.tr-phone`, `uppercase`, ...). */
  rule: string;
  en: string;
  /** Exact Turkish text, where a case pins it. */
  tr?: string;
  /** Refused in a draft although its rule is not a storage rule (a date no calendar has). */
  refusedInDraft?: boolean;
}

export interface ValidCase {
  name: string;
  patch: Data;
}

/**
 * Rules whose breach makes data unsafe to store: the only ones a draft refuses (ADR 003). Formats, patterns,
 * minimums and completeness rules only say "not right yet".
 */
const REFUSED_IN_DRAFT = new Set([
  'type',
  'enum',
  'maximum',
  'maxLength',
  'maxItems',
  'additionalProperties',
  'uniqueItems',
]);

/** The error a case expects in draft mode: only rules that make data unsafe to store. */
export function expectedInDraft(c: RuleCase): boolean {
  return c.refusedInDraft ?? REFUSED_IN_DRAFT.has(c.rule);
}

export function ruleTable(
  formId: string,
  base: Data,
  cases: RuleCase[],
  valid: ValidCase[],
  options: { draft?: boolean } = {},
) {
  it('accepts the valid example in both languages and both modes', () => {
    for (const lang of ['en', 'tr'] as const) {
      expect(validate(formId, base, 'full', lang)).toEqual([]);
      expect(validate(formId, base, 'draft', lang)).toEqual([]);
    }
  });

  it('rejects a property the schema does not define', () => {
    const errors = validate(formId, { ...base, unexpected: 'x' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ path: '', rule: 'additionalProperties' });
  });

  it.each(valid)('accepts $name', ({ patch }) => {
    const data = apply(base, patch);
    expect(validate(formId, data, 'full', 'en')).toEqual([]);
    expect(validate(formId, data, 'full', 'tr')).toEqual([]);
  });

  it.each(cases)('$name -> $path $rule', (c) => {
    const data = apply(base, c.patch);
    const en = validate(formId, data, 'full', 'en');
    expect(en).toEqual([
      {
        path: c.path,
        field: c.path.replace(/\.\d+(?=\.|$)/g, ''),
        rule: c.rule,
        params: expect.any(Object),
        message: c.en,
      },
    ]);

    const tr = validate(formId, data, 'full', 'tr');
    expect(tr).toHaveLength(1);
    expect(tr[0]).toMatchObject({ path: c.path, rule: c.rule });
    const message = tr[0]!.message;
    expect(message.trim()).not.toBe('');
    expect(message).not.toBe(c.en);
    expect(message).not.toMatch(/\{\{|\}\}|errors\.|validation\./);
    if (c.tr !== undefined) expect(message).toBe(c.tr);

    if (options.draft) {
      const draft = validate(formId, data, 'draft', 'en');
      const kept = expectedInDraft(c) && valueAt(data, c.path) !== '';
      if (kept)
        expect(draft).toEqual([expect.objectContaining({ path: c.path, rule: c.rule, message: c.en })]);
      else expect(draft).toEqual([]);
    }
  });
}

// ---------- data helpers ----------

const pad = (n: number) => String(n).padStart(2, '0');
/** A local calendar date as YYYY-MM-DD. */
export const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const daysFromToday = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return iso(d);
};
/** The date `years` calendar years and `extraDays` days before today. */
export const yearsAgo = (years: number, extraDays = 0) => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() - extraDays);
  return iso(d);
};
export const currentYear = () => new Date().getFullYear();

/** Builds a Turkish national ID from 9 digits, computing both check digits (independent of the engine). */
export function nationalId(first9: string): string {
  const d = Array.from(first9, Number);
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  d.push((((odd * 7 - even) % 10) + 10) % 10);
  d.push(d.reduce((a, b) => a + b, 0) % 10);
  return d.join('');
}

/** Replaces the digit at `index` (0-based) with the next digit, breaking that position. */
export function bumpDigit(id: string, index: number): string {
  return id.slice(0, index) + String((Number(id[index]) + 1) % 10) + id.slice(index + 1);
}

export const chars = (n: number, c = 'a') => c.repeat(n);

/** The sign-up password rules (account-area.md section 5), for any field that follows them. */
export function passwordRuleCases(field: string, confirmField?: string): RuleCase[] {
  const c = (name: string, value: string, rule: string, en: string, tr?: string): RuleCase => ({
    name: `${field}: ${name}`,
    patch: confirmField ? { [field]: value, [confirmField]: value } : { [field]: value },
    path: field,
    rule,
    en,
    tr,
  });
  return [
    c(
      '7 characters',
      'Abcde1!',
      'minLength',
      'Password must be at least 8 characters',
      'Şifre en az 8 karakter olmalıdır',
    ),
    c('empty', '', 'minLength', 'Password must be at least 8 characters'),
    c(
      'no uppercase letter',
      'abcdefg1!',
      'uppercase',
      'Password must contain at least one uppercase letter',
      'Şifre en az bir büyük harf içermelidir',
    ),
    c(
      'Turkish capital only (not A-Z)',
      'çğışöüabc1!Ş',
      'uppercase',
      'Password must contain at least one uppercase letter',
    ),
    c(
      'no lowercase letter',
      'ABCDEFG1!',
      'lowercase',
      'Password must contain at least one lowercase letter',
      'Şifre en az bir küçük harf içermelidir',
    ),
    c(
      'no digit',
      'Abcdefgh!',
      'digit',
      'Password must contain at least one number',
      'Şifre en az bir rakam içermelidir',
    ),
    c(
      'no special character',
      'Abcdefg1',
      'special',
      'Password must contain at least one special character',
      'Şifre en az bir özel karakter içermelidir',
    ),
    c(
      'special character outside the list (_)',
      'Abcdefg1_',
      'special',
      'Password must contain at least one special character',
    ),
    c(
      'special character outside the list (-)',
      'Abcdefg1-',
      'special',
      'Password must contain at least one special character',
    ),
    c('over 128 characters', `Aa1!${chars(125)}`, 'maxLength', 'Password must not exceed 128 characters'),
  ];
}

/** Passwords that meet every rule, one per special character of the list. */
export const STRONG_PASSWORDS = Array.from('!@#$%^&*(),.?":{}|<>', (s) => `Abcdef1${s}`);
