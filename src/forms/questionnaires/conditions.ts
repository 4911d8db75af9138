/**
 * Show-if conditions and `when` flags: a small, eval-free subset of json-logic (ADR 080, 122). Only the operators below exist;
 * anything else is refused by check:forms and evaluates to false here, so a bad file hides, never runs code.
 */
import type { Condition } from './types.ts';

export const CONDITION_OPERATORS = [
  'var',
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'and',
  'or',
  '!',
  'in',
  '+',
] as const;

type Answers = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The one operator of an expression object (`{"==": [...]}`), or undefined for a literal. */
function operatorOf(node: unknown): [string, unknown[]] | undefined {
  if (!isPlainObject(node)) return undefined;
  const keys = Object.keys(node);
  if (keys.length !== 1) return undefined;
  const op = keys[0]!;
  const raw = node[op];
  return [op, Array.isArray(raw) ? raw : [raw]];
}

// json-logic's truthiness: an empty array is false
const truthy = (v: unknown) => (Array.isArray(v) ? v.length > 0 : Boolean(v));

/** Equality without type coercion (unlike json-logic's `==`): `"1"` never equals `1`. */
const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

function compare(op: string, a: unknown, b: unknown): boolean {
  if (typeof a !== 'number' || typeof b !== 'number') return false;
  if (op === '<') return a < b;
  if (op === '<=') return a <= b;
  if (op === '>') return a > b;
  return a >= b;
}

/**
 * `+`: the sum of its arguments that are numbers (an unanswered or not-scored item reads null and is left out),
 * on the 0.0001 grid so `0.1 + 0.2` is `0.3`; null when none is a number, so a comparison with it is false.
 */
function sumOf(values: unknown[]): number | null {
  let sum: number | null = null;
  for (const v of values) if (typeof v === 'number') sum = (sum ?? 0) + Math.round(v * 10_000);
  return sum === null ? null : sum / 10_000;
}

function value(node: unknown, answers: Answers): unknown {
  const expression = operatorOf(node);
  if (!expression) return Array.isArray(node) ? node.map((n) => value(n, answers)) : node;
  const [op, args] = expression;
  const arg = (i: number) => value(args[i], answers);
  switch (op) {
    case 'var': {
      const name = arg(0);
      // own properties only: a name like `__proto__` must not reach the prototype
      return typeof name === 'string' && Object.hasOwn(answers, name) ? answers[name] : (arg(1) ?? null);
    }
    case '==':
      return same(arg(0), arg(1));
    case '!=':
      return !same(arg(0), arg(1));
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compare(op, arg(0), arg(1));
    case 'and':
      return args.every((_, i) => truthy(arg(i)));
    case 'or':
      return args.some((_, i) => truthy(arg(i)));
    case '!':
      return !truthy(arg(0));
    case 'in': {
      const needle = arg(0);
      const haystack = arg(1);
      if (Array.isArray(haystack)) return haystack.some((h) => same(h, needle));
      return typeof haystack === 'string' && typeof needle === 'string' && haystack.includes(needle);
    }
    case '+':
      return sumOf(args.map((_, i) => arg(i)));
    default:
      return false;
  }
}

/** Whether a condition holds for the answers; an unknown operator makes it false. */
export function evaluateCondition(condition: Condition, answers: Answers): boolean {
  return truthy(value(condition, answers));
}

/** A problem in a condition's shape (an unknown operator, a `var` not naming an item), with its JSON path. */
export interface ConditionProblem {
  path: string;
  message: string;
}

/** The item names a condition reads (`var`), and any operator outside the vocabulary. */
export function inspectCondition(
  condition: Condition,
  at = '',
): { vars: { name: string; path: string }[]; problems: ConditionProblem[] } {
  const vars: { name: string; path: string }[] = [];
  const problems: ConditionProblem[] = [];
  const visit = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      for (const [i, n] of node.entries()) visit(n, `${path}[${i}]`);
      return;
    }
    if (!isPlainObject(node)) return;
    const expression = operatorOf(node);
    if (!expression) {
      problems.push({ path, message: 'an expression is an object with exactly one operator' });
      return;
    }
    const [op, args] = expression;
    if (!(CONDITION_OPERATORS as readonly string[]).includes(op)) {
      problems.push({ path, message: `unknown operator: ${op}` });
      return;
    }
    if (op === 'var') {
      if (typeof args[0] === 'string') vars.push({ name: args[0], path: `${path}.var` });
      else problems.push({ path: `${path}.var`, message: 'var names an item by its id (a string)' });
      return;
    }
    visit(node[op], `${path}.${op}`);
  };
  visit(condition, at);
  return { vars, problems };
}
