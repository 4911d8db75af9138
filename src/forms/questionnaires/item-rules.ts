/**
 * Authoring rules of check:forms about what an item can take (ADR 107): items are required unless marked
 * optional, and a show-if condition compares an item only with values the item can take.
 */
import type { JsonSchema, UiSchema } from '../types.ts';
import type { Condition } from './types.ts';

/** A problem with its JSON path in the file it is about. */
export interface ItemRuleProblem {
  path: string;
  message: string;
}

type Kind = 'string' | 'number' | 'boolean';

/** What an item's answer can be: its kinds of value and, for an item of options, the options themselves. */
interface Answerable {
  kinds: Set<Kind>;
  options?: unknown[];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const kindOf = (value: unknown): Kind | undefined => {
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' ? type : undefined;
};

function answerableOf(schema: JsonSchema, item: string): Answerable | undefined {
  const property = isPlainObject(schema.properties) ? schema.properties[item] : undefined;
  if (!isPlainObject(property)) return undefined;
  const choices = Array.isArray(property.oneOf) ? property.oneOf : property.anyOf;
  const options = Array.isArray(property.enum)
    ? property.enum
    : Array.isArray(choices)
      ? choices.filter((c) => isPlainObject(c) && 'const' in c).map((c) => (c as { const: unknown }).const)
      : undefined;
  if (options && options.length > 0) {
    const kinds = new Set(options.map(kindOf).filter((k): k is Kind => k !== undefined));
    return { kinds, options };
  }
  const types = (Array.isArray(property.type) ? property.type : [property.type]).map(String);
  const kinds = new Set<Kind>();
  if (types.includes('string')) kinds.add('string');
  if (types.includes('number') || types.includes('integer')) kinds.add('number');
  if (types.includes('boolean')) kinds.add('boolean');
  return kinds.size > 0 ? { kinds } : undefined;
}

const whatItTakes = (a: Answerable) =>
  a.options
    ? `its options are ${a.options.map((o) => JSON.stringify(o)).join(', ')}`
    : `it takes ${[...a.kinds].join(' or ')}s`;

/** Why the item can never take this value, or undefined when it can. */
function cannotTake(item: string, a: Answerable, value: unknown): string | undefined {
  if (value === null) return undefined; // `== null` asks whether the item is unanswered
  const kind = kindOf(value);
  if (kind === undefined || !a.kinds.has(kind))
    return `compares ${item} with the ${kind ?? 'value'} ${JSON.stringify(value)}, but ${whatItTakes(a)}: the condition is never true (ADR 107)`;
  if (a.options && !a.options.includes(value))
    return `compares ${item} with ${JSON.stringify(value)}, which is not one of its options (${a.options.map((o) => JSON.stringify(o)).join(', ')}): the condition is never true (ADR 107)`;
  return undefined;
}

const ORDER = new Set(['<', '<=', '>', '>=']);
const EQUALITY = new Set(['==', '!=']);

const varName = (node: unknown): string | undefined =>
  isPlainObject(node) && Object.keys(node).length === 1 && typeof node.var === 'string'
    ? node.var
    : undefined;

const isLiteral = (node: unknown) => !isPlainObject(node) && !Array.isArray(node);

/**
 * Comparisons in a condition that can never hold because a value is of another type than the item's answers
 * (a number against word options, a word against numeric options, an option the item lacks, an `in` list
 * holding values the item cannot take). `at` is the condition's JSON path in the scoring file.
 */
export function conditionTypeProblems(
  condition: Condition,
  schema: JsonSchema,
  at: string,
): ItemRuleProblem[] {
  const problems: ItemRuleProblem[] = [];
  const visit = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      for (const [i, n] of node.entries()) visit(n, `${path}[${i}]`);
      return;
    }
    if (!isPlainObject(node) || Object.keys(node).length !== 1) return;
    const op = Object.keys(node)[0]!;
    const args = Array.isArray(node[op]) ? (node[op] as unknown[]) : [node[op]];
    const argPath = (i: number) => `${path}.${op}[${i}]`;
    if (ORDER.has(op) || EQUALITY.has(op)) {
      for (const [i, j] of [
        [0, 1],
        [1, 0],
      ] as const) {
        const item = varName(args[i]);
        const answerable = item === undefined ? undefined : answerableOf(schema, item);
        if (item === undefined || !answerable) continue;
        const other = args[j];
        if (ORDER.has(op) && !answerable.kinds.has('number')) {
          problems.push({
            path: argPath(i),
            message: `${op} compares numbers, but ${whatItTakes(answerable)}: the condition is never true; compare ${item} with == or in (ADR 107)`,
          });
        } else if (ORDER.has(op) && isLiteral(other) && typeof other !== 'number') {
          problems.push({
            path: argPath(j),
            message: `${op} compares ${item} with ${JSON.stringify(other)}, which is not a number: the condition is never true (ADR 107)`,
          });
        } else if (EQUALITY.has(op) && isLiteral(other)) {
          const why = cannotTake(item, answerable, other);
          if (why) problems.push({ path: argPath(j), message: why });
        }
      }
    }
    if (op === 'in' && Array.isArray(args[1])) {
      const item = varName(args[0]);
      const answerable = item === undefined ? undefined : answerableOf(schema, item);
      if (item !== undefined && answerable)
        args[1].forEach((value, k) => {
          const why = isLiteral(value) ? cannotTake(item, answerable, value) : undefined;
          if (why) problems.push({ path: `${argPath(1)}[${k}]`, message: why });
        });
    }
    if (op !== 'var') for (const [i, arg] of args.entries()) visit(arg, argPath(i));
  };
  visit(condition, at);
  return problems;
}

/** Whether the UI schema marks an item optional (`"ui:options": { "optional": true }`). */
export function markedOptional(uiSchema: UiSchema, item: string): boolean {
  const entry = uiSchema[item];
  const options = isPlainObject(entry) ? entry['ui:options'] : undefined;
  return isPlainObject(options) && options.optional === true;
}

/**
 * Items are required unless the author marks them optional: every item is either in the schema's `required` or
 * marked optional in the UI schema, never both. Problems name the schema file (`$.required`) or the UI file.
 */
export function requiredItemProblems(
  schema: JsonSchema,
  uiSchema: UiSchema,
  itemIds: readonly string[],
  files: { schema: string; ui: string },
): (ItemRuleProblem & { file: string })[] {
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const problems: (ItemRuleProblem & { file: string })[] = [];
  for (const item of itemIds) {
    const optional = markedOptional(uiSchema, item);
    if (!required.has(item) && !optional)
      problems.push({
        file: files.schema,
        path: '$.required',
        message: `${item} is neither required nor marked optional: list it in "required", or mark it "ui:options": { "optional": true } in ${files.ui} (ADR 107)`,
      });
    else if (required.has(item) && optional)
      problems.push({
        file: files.ui,
        path: `$.${item}.ui:options.optional`,
        message: `${item} is marked optional but ${files.schema} lists it in "required": keep one (ADR 107)`,
      });
  }
  return problems;
}
