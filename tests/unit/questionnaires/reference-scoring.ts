/**
 * A second, independent reading of the scoring format (docs/authoring.md, "Questionnaires: reference"), in exact
 * fractions of BigInts: no floating point, no grid, one rounding at the end where the format asks for it. It
 * imports nothing from src/forms on purpose: it checks the authors' expected values against the written rules,
 * not against the scoring module. It reads only what the shipped files use, and throws on anything else.
 */

/** An exact fraction n/d, d > 0, in lowest terms. */
export class Fraction {
  readonly n: bigint;
  readonly d: bigint;

  constructor(n: bigint, d = 1n) {
    if (d === 0n) throw new Error('division by zero');
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    const g = gcd(n < 0n ? -n : n, d);
    this.n = n / g;
    this.d = d / g;
  }

  /** A JSON number, read as the decimal it is written as (0.99 is 99/100, not the nearest double). */
  static of(value: number): Fraction {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    const text = String(value);
    if (/e/i.test(text)) throw new Error(`exponent notation not read: ${text}`);
    const [whole, decimals = ''] = text.replace('-', '').split('.');
    const sign = text.startsWith('-') ? -1n : 1n;
    return new Fraction(sign * BigInt(`${whole}${decimals}`), 10n ** BigInt(decimals.length));
  }

  plus(o: Fraction): Fraction {
    return new Fraction(this.n * o.d + o.n * this.d, this.d * o.d);
  }
  minus(o: Fraction): Fraction {
    return new Fraction(this.n * o.d - o.n * this.d, this.d * o.d);
  }
  times(o: Fraction): Fraction {
    return new Fraction(this.n * o.n, this.d * o.d);
  }
  over(o: Fraction): Fraction {
    return new Fraction(this.n * o.d, this.d * o.n);
  }
  compare(o: Fraction): number {
    const left = this.n * o.d;
    const right = o.n * this.d;
    return left < right ? -1 : left > right ? 1 : 0;
  }
  equals(o: Fraction): boolean {
    return this.compare(o) === 0;
  }

  /** Rounded to `decimals` places: `halfUp` is half away from zero, `down` cuts towards zero. */
  round(decimals: number, rule: 'halfUp' | 'down'): Fraction {
    const scale = 10n ** BigInt(decimals);
    const negative = this.n < 0n;
    const magnitude = (negative ? -this.n : this.n) * scale;
    let units = magnitude / this.d;
    if (rule === 'halfUp' && 2n * (magnitude % this.d) >= this.d) units += 1n;
    return new Fraction(negative ? -units : units, scale);
  }

  toString(): string {
    return this.d === 1n ? String(this.n) : `${this.n}/${this.d}`;
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

const ZERO = new Fraction(0n);
const sumOf = (values: Fraction[]) => values.reduce((total, value) => total.plus(value), ZERO);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Sex = 'female' | 'male';

interface NormRow {
  min: number;
  max: number;
  t?: number;
  percentile?: number;
}
interface NormGroup {
  id: string;
  sex: Sex | 'any';
  age: { min: number; max: number };
  rows: NormRow[];
}
interface Band {
  id: string;
  min: number;
  max: number;
}
type On = 'raw' | 't' | 'percentile';
interface ScaleFile {
  id: string;
  method: 'sum' | 'mean' | 'proratedMean' | 'proratedSum';
  items?: string[];
  scales?: string[];
  minAnswered: number;
  rounding?: { rule: 'halfUp' | 'down'; decimals: number };
  bandsOn?: On;
  bands: Band[];
  norms?: NormGroup[];
  respondents?: Record<string, { bandsOn?: On; bands?: Band[]; norms?: NormGroup[] }>;
}
type Flag =
  | { id: string; item: string; scoreAtLeast: number }
  | { id: string; scale: string; atLeast: number; on?: On }
  | { id: string; when: Json };
export interface ScoringFile {
  responseSets: Record<string, Record<string, number | null>>;
  items: Record<string, { responseSet: string; reverse?: boolean; weight?: number }>;
  scales: ScaleFile[];
  flags?: Flag[];
  showIf?: { items?: Record<string, Json>; groups?: Record<string, Json> };
}
/** The UI schema's parts the scoring reads: the order of the items and the groups a condition may hide. */
export interface UiFile {
  'ui:order'?: string[];
  'ui:options'?: { groups?: { id: string; fields: string[] }[] };
}

export interface Who {
  respondent?: string;
  age?: number;
  sex?: Sex;
}

export interface ReferenceScale {
  score: Fraction | null;
  t: Fraction | null;
  percentile: Fraction | null;
  band: string | null;
}
export interface ReferenceResult {
  scales: Record<string, ReferenceScale>;
  flags: string[];
}

/** JSON Logic, the operators the shipped conditions use; a comparison involving null is false. */
function logic(rule: Json, read: (name: string) => unknown): unknown {
  if (rule === null || typeof rule !== 'object') return rule;
  if (Array.isArray(rule)) return rule.map((part) => logic(part, read));
  const [op, ...rest] = Object.keys(rule);
  if (op === undefined || rest.length > 0)
    throw new Error(`a rule has one operator: ${JSON.stringify(rule)}`);
  const raw = rule[op] as Json;
  const args = (Array.isArray(raw) ? raw : [raw]).map((part) => part);
  const value = (i: number) => logic(args[i] as Json, read);
  const number = (x: unknown): Fraction | null =>
    x instanceof Fraction ? x : typeof x === 'number' ? Fraction.of(x) : null;
  const same = (a: unknown, b: unknown) => {
    const [x, y] = [number(a), number(b)];
    if (x && y) return x.equals(y);
    return a === b;
  };
  const ordered = (test: (c: number) => boolean) => {
    const [x, y] = [number(value(0)), number(value(1))];
    return x !== null && y !== null && test(x.compare(y));
  };
  switch (op) {
    case 'var':
      return read(String(args[0]));
    case '==':
      return same(value(0), value(1));
    case '!=':
      return !same(value(0), value(1));
    case 'in': {
      const list = value(1);
      if (!Array.isArray(list)) throw new Error('"in" reads a list');
      const needle = value(0);
      return list.some((entry) => same(needle, entry));
    }
    case '<':
      return ordered((c) => c < 0);
    case '<=':
      return ordered((c) => c <= 0);
    case '>':
      return ordered((c) => c > 0);
    case '>=':
      return ordered((c) => c >= 0);
    case 'and':
      return args.every((_, i) => value(i) === true);
    case 'or':
      return args.some((_, i) => value(i) === true);
    case '!':
      return value(0) !== true;
    case '+': {
      const present = args.map((_, i) => number(value(i))).filter((x): x is Fraction => x !== null);
      return present.length === 0 ? null : sumOf(present);
    }
    default:
      throw new Error(`operator not read by the reference: ${op}`);
  }
}

/** The answers a real response keeps: those of items no condition hides (a hidden item reads as unanswered). */
function shownAnswers(
  scoring: ScoringFile,
  ui: UiFile,
  answers: Record<string, unknown>,
  respondent: string | undefined,
): Record<string, unknown> {
  const conditions = scoring.showIf ?? {};
  const groups = ui['ui:options']?.groups ?? [];
  let kept = { ...answers };
  // until nothing more is hidden: a condition that reads a hidden item reads it unanswered
  for (;;) {
    const read = (name: string) => (name === '_respondent' ? (respondent ?? null) : (kept[name] ?? null));
    const hidden = new Set<string>();
    for (const [item, rule] of Object.entries(conditions.items ?? {}))
      if (logic(rule, read) !== true) hidden.add(item);
    for (const [groupId, rule] of Object.entries(conditions.groups ?? {})) {
      const group = groups.find((g) => g.id === groupId);
      if (!group) throw new Error(`showIf names a group the UI schema lacks: ${groupId}`);
      if (logic(rule, read) !== true) for (const field of group.fields) hidden.add(field);
    }
    const next = Object.fromEntries(Object.entries(answers).filter(([item]) => !hidden.has(item)));
    if (Object.keys(next).length === Object.keys(kept).length) return next;
    kept = next;
  }
}

function pick<T>(scale: ScaleFile, respondent: string | undefined, key: 'bandsOn' | 'bands' | 'norms'): T {
  const own = respondent ? scale.respondents?.[respondent]?.[key] : undefined;
  return (own ?? scale[key]) as T;
}

/** Scores one response by the written rules. */
export function referenceScore(
  scoring: ScoringFile,
  ui: UiFile,
  answers: Record<string, unknown>,
  who: Who,
): ReferenceResult {
  const shown = shownAnswers(scoring, ui, answers, who.respondent);

  /** An item's option score before reversing; null when unanswered, hidden or answered "scores nothing". */
  const optionScore = (item: string): Fraction | null => {
    const definition = scoring.items[item];
    if (!definition) throw new Error(`a scale names an item the scoring lacks: ${item}`);
    const answer = shown[item];
    if (answer === undefined || answer === null) return null;
    const set = scoring.responseSets[definition.responseSet];
    if (!set) throw new Error(`unknown response set ${definition.responseSet}`);
    if (!(String(answer) in set)) throw new Error(`${item}: answer ${String(answer)} is not an option`);
    const value = set[String(answer)];
    return value === null || value === undefined ? null : Fraction.of(value);
  };
  /** After reversing (min + max - score, over the options that have a number), before the weight. */
  const reversed = (item: string): Fraction | null => {
    const score = optionScore(item);
    const definition = scoring.items[item];
    if (score === null || !definition?.reverse) return score;
    const numbers = Object.values(scoring.responseSets[definition.responseSet] ?? {})
      .filter((v): v is number => v !== null)
      .map(Fraction.of)
      .sort((a, b) => a.compare(b));
    return (numbers[0] as Fraction).plus(numbers[numbers.length - 1] as Fraction).minus(score);
  };
  const weighted = (item: string): Fraction | null => {
    const score = reversed(item);
    const weight = scoring.items[item]?.weight;
    return score === null || weight === undefined ? score : score.times(Fraction.of(weight));
  };

  const raw = new Map<string, Fraction | null>();
  const rawOf = (id: string, seen: string[] = []): Fraction | null => {
    if (raw.has(id)) return raw.get(id) as Fraction | null;
    if (seen.includes(id)) throw new Error(`scales form a cycle: ${[...seen, id].join(' > ')}`);
    const scale = scoring.scales.find((s) => s.id === id);
    if (!scale) throw new Error(`unknown scale ${id}`);
    const parts = scale.items
      ? scale.items.map(weighted)
      : (scale.scales ?? []).map((part) => rawOf(part, [...seen, id]));
    const present = parts.filter((p): p is Fraction => p !== null);
    let score: Fraction | null = null;
    if (present.length >= scale.minAnswered) {
      const total = sumOf(present);
      const mean = total.over(new Fraction(BigInt(present.length)));
      const prorated = mean.times(new Fraction(BigInt(parts.length)));
      if (scale.method === 'sum') score = total;
      else if (scale.method === 'mean') score = mean.round(2, 'halfUp');
      else if (scale.method === 'proratedMean') score = prorated.round(2, 'halfUp');
      else {
        if (!scale.rounding) throw new Error(`${id}: proratedSum needs its rounding`);
        score = prorated.round(scale.rounding.decimals, scale.rounding.rule);
      }
    }
    raw.set(id, score);
    return score;
  };

  const scales: Record<string, ReferenceScale> = {};
  for (const scale of scoring.scales) {
    const score = rawOf(scale.id);
    const norms = pick<NormGroup[] | undefined>(scale, who.respondent, 'norms');
    const group =
      score === null || who.age === undefined
        ? undefined
        : norms?.find(
            (g) =>
              (g.sex === 'any' || (who.sex !== undefined && g.sex === who.sex)) &&
              g.age.min <= (who.age as number) &&
              (who.age as number) <= g.age.max,
          );
    const row =
      score === null
        ? undefined
        : group?.rows.filter(
            (r) => Fraction.of(r.min).compare(score) <= 0 && score.compare(Fraction.of(r.max)) <= 0,
          );
    if (row && row.length > 1) throw new Error(`${scale.id}: rows of ${group?.id} overlap at ${score}`);
    const found = row?.[0];
    const t = found?.t === undefined ? null : Fraction.of(found.t);
    const percentile = found?.percentile === undefined ? null : Fraction.of(found.percentile);
    const on = pick<On | undefined>(scale, who.respondent, 'bandsOn') ?? 'raw';
    const read = on === 'raw' ? score : on === 't' ? t : percentile;
    const bands = pick<Band[]>(scale, who.respondent, 'bands');
    const inBands =
      read === null
        ? []
        : bands.filter((b) => Fraction.of(b.min).compare(read) <= 0 && read.compare(Fraction.of(b.max)) <= 0);
    if (inBands.length > 1) throw new Error(`${scale.id}: bands overlap at ${read}`);
    scales[scale.id] = { score, t, percentile, band: inBands[0]?.id ?? null };
  }

  const flags: string[] = [];
  for (const flag of scoring.flags ?? []) {
    let raised: boolean;
    if ('item' in flag) {
      const score = optionScore(flag.item);
      raised = score !== null && score.compare(Fraction.of(flag.scoreAtLeast)) >= 0;
    } else if ('scale' in flag) {
      const result = scales[flag.scale];
      if (!result) throw new Error(`flag ${flag.id} names an unknown scale`);
      const on = flag.on ?? 'raw';
      const value = on === 'raw' ? result.score : on === 't' ? result.t : result.percentile;
      raised = value !== null && value.compare(Fraction.of(flag.atLeast)) >= 0;
    } else {
      raised = logic(flag.when, (name) => (name in scoring.items ? reversed(name) : null)) === true;
    }
    if (raised) flags.push(flag.id);
  }
  return { scales, flags };
}

export interface CaseExpectation {
  scales?: Record<
    string,
    { score?: number | null; band?: string | null; t?: number | null; percentile?: number | null }
  >;
  flags?: string[];
}

/** What differs between a case's expectation and the reference's result: only what the case gives is compared. */
export function differences(expected: CaseExpectation, got: ReferenceResult): string[] {
  const out: string[] = [];
  const show = (x: Fraction | string | null | undefined) => (x === undefined ? 'nothing' : String(x));
  for (const [id, want] of Object.entries(expected.scales ?? {})) {
    const have = got.scales[id];
    if (!have) {
      out.push(`scales.${id}: no such scale`);
      continue;
    }
    for (const key of ['score', 't', 'percentile'] as const) {
      if (!(key in want)) continue;
      const w = want[key];
      const h = have[key];
      const same = w === null || w === undefined ? h === null : h?.equals(Fraction.of(w)) === true;
      if (!same) out.push(`scales.${id}.${key}: expected ${String(w)}, reference ${show(h)}`);
    }
    if ('band' in want && want.band !== have.band)
      out.push(`scales.${id}.band: expected ${String(want.band)}, reference ${show(have.band)}`);
  }
  if (expected.flags) {
    const want = [...expected.flags].sort();
    const have = [...got.flags].sort();
    if (want.join() !== have.join()) out.push(`flags: expected [${want}], reference [${have}]`);
  }
  return out;
}
