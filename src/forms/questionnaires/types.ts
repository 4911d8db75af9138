/** Types of questionnaires: metadata, the scoring file as parsed, and what scoring returns (browser and server). */
import type { JsonSchema, UiSchema } from '../types.ts';

export {
  QUESTIONNAIRE_RESPONDENTS as RESPONDENTS,
  type QuestionnaireRespondent as Respondent,
} from '../../shared/questionnaires.ts';

import type {
  QuestionnaireRespondent as Respondent,
  ScaleMethod,
  ScoreKind,
  Severity,
} from '../../shared/questionnaires.ts';

// the score result is part of the API contract: defined in src/shared, scored into here (ADR 073)
export {
  type FlagResult,
  NORM_GAPS,
  type NormGap,
  SCORE_KINDS,
  type ScaleMethod,
  type ScaleResult,
  type ScoreKind,
  type ScoreResult,
  SEVERITIES,
  type Severity,
} from '../../shared/questionnaires.ts';

/** `questionnaire.json`: who answers, for which ages, how long, and under which licence. */
export interface QuestionnaireMeta {
  respondents: Respondent[];
  ageRange: { min: number; max: number };
  minutes: number;
  licence: { holder: string; terms: string; electronicUse: boolean; example: boolean };
  /** Who is shown the help panel after an urgent answer; absent: the young person and the guardian. */
  helpFor?: Respondent[];
}

/** Who sees the help panel when a questionnaire does not say: the people who live with the risk, not a teacher. */
export const DEFAULT_HELP_FOR: readonly Respondent[] = ['self', 'guardian'];

/** Whether a respondent is shown the help panel after an urgent answer to this questionnaire. */
export const showsHelpTo = (meta: QuestionnaireMeta, respondent: Respondent | null): boolean =>
  respondent !== null && (meta.helpFor ?? DEFAULT_HELP_FOR).includes(respondent);

/** A show-if condition: a json-logic expression over the answers (the subset in conditions.ts). */
export type Condition = unknown;

/**
 * How one item scores: its option scores (inline or a named response set), whether it is reversed, and its weight.
 * An option scored `null` ("not applicable", "don't know") is answered but not scored: it counts as missing for
 * `minAnswered` and prorating. Scores and weights may be decimals; they are worked on a 0.0001 grid.
 */
export interface ItemScoring {
  responseSet?: string;
  options?: Record<string, number | null>;
  reverse?: boolean;
  /** Multiplies the item's score (after reversing) in every scale it is in; 1 when absent. */
  weight?: number;
}

export interface BandDefinition {
  id: string;
  /** Inclusive bounds; consecutive bands meet with no gap (step 1 for whole-number scores, 0.01 otherwise). */
  min: number;
  max: number;
  severity: Severity;
}

/** How a prorated sum is rounded, as the manual says: half up (away from zero) or down, to whole numbers or 0.1/0.01. */
export interface Rounding {
  rule: 'halfUp' | 'down';
  decimals: 0 | 1 | 2;
}

/** One row of a norm table: raw scores `min`..`max` (inclusive) read as this T-score and/or percentile. */
export interface NormRow {
  min: number;
  max: number;
  t?: number;
  percentile?: number;
}

/**
 * A norm group: the clients it is for (sex, age in whole years on the response date, both inclusive) and its table,
 * which covers every raw score the scale can take with no gap or overlap.
 */
export interface NormGroup {
  id: string;
  sex: 'female' | 'male' | 'any';
  age: { min: number; max: number };
  rows: NormRow[];
}

/** The parts of a scale that may differ by informant: its bands, which score they read, and its norms. */
export interface InformantScoring {
  bands?: BandDefinition[];
  /** Which score `bands` read: the raw score (default), the T-score or the percentile. */
  bandsOn?: ScoreKind;
  norms?: NormGroup[];
}

/**
 * Reliable-change parameters (Jacobson & Truax): the scale's SD and reliability, or the RCI threshold itself;
 * and the clinical cut-off, or the normative and/or clinical means and SDs it is worked from (criteria a, b, c).
 * Read by the results over time (ADR 127).
 */
export interface ChangeParameters {
  sd?: number;
  reliability?: number;
  /** The smallest raw change that is reliable, when the manual gives it instead of SD and reliability. */
  threshold?: number;
  cutoff?: number;
  normativeMean?: number;
  normativeSd?: number;
  /** The clinical population's mean and SD: criterion a alone, criterion c with the normative ones. */
  clinicalMean?: number;
  clinicalSd?: number;
}

export interface ScaleDefinition extends InformantScoring {
  id: string;
  bands: BandDefinition[];
  method: ScaleMethod;
  /** The items it sums or averages; or, for a composite scale, `scales`. Exactly one of the two. */
  items?: string[];
  /** A composite scale: computed from these scales' raw scores (never a cycle). */
  scales?: string[];
  /** Fewer answered (scored) items, or scored scales for a composite, than this: not scored (null). */
  minAnswered: number;
  /** Required for `proratedSum`; absent otherwise (means round half up to 0.01). */
  rounding?: Rounding;
  /** Whether a higher score is worse (default) or better: the direction of reliable change. */
  higherIs?: 'worse' | 'better';
  /** Bands, band score and norms per informant, overriding the scale's own for that respondent. */
  respondents?: Partial<Record<Respondent, InformantScoring>>;
  change?: ChangeParameters;
}

/**
 * A flag raises a response for the practitioner's attention. Exactly one form:
 * - on one item, when its raw option score is at least `scoreAtLeast` (`item`, `scoreAtLeast`);
 * - on a scale, when its score (raw, T or percentile, per `on`) is at least `atLeast` (`scale`, `atLeast`, `on`);
 * - on a combination of items: a condition (`when`) over item scores after reversing, weights not applied.
 */
export interface FlagDefinition {
  id: string;
  /** Whether a raised flag alerts the practitioner, and how urgently; absent: see `alertLevelOf`. */
  alert?: AlertLevel;
  item?: string;
  scoreAtLeast?: number;
  scale?: string;
  atLeast?: number;
  on?: ScoreKind;
  when?: Condition;
}

/**
 * What a raised flag asks of the practitioner: `urgent` mails them and leads "Needs attention"; `review` is listed
 * there without a mail; `none` is shown with the results only.
 */
export type AlertLevel = 'urgent' | 'review' | 'none';
export const ALERT_LEVELS = ['urgent', 'review', 'none'] as const satisfies readonly AlertLevel[];

/**
 * A flag's alert level: as the author wrote it; unwritten, a flag on a scale is `none` (a band is shown, not
 * announced) and a flag on answers is `urgent` (a risk answer is never silenced by leaving the field out).
 */
export const alertLevelOf = (flag: FlagDefinition): AlertLevel =>
  flag.alert ?? (flag.scale !== undefined ? 'none' : 'urgent');

/** The raised flags of a result that alert the practitioner, each with its level (by the pinned scoring file). */
export function alertsOf(
  scoring: ScoringDefinition,
  raised: readonly { id: string }[],
): Array<{ flagId: string; level: Exclude<AlertLevel, 'none'> }> {
  return raised.flatMap(({ id }) => {
    const flag = scoring.flags?.find((f) => f.id === id);
    const level = flag ? alertLevelOf(flag) : 'urgent';
    return level === 'none' ? [] : [{ flagId: id, level }];
  });
}

/** `v<N>.scoring.v<S>.json` (meta-schema: `meta/scoring.schema.json`). */
export interface ScoringDefinition {
  version: number;
  responseSets?: Record<string, Record<string, number | null>>;
  items: Record<string, ItemScoring>;
  scales: ScaleDefinition[];
  flags?: FlagDefinition[];
  /** Conditions over the answers; `{"var": "_respondent"}` reads who answers (an item only in one version). */
  showIf?: { items?: Record<string, Condition>; groups?: Record<string, Condition> };
}

/**
 * Who answers and who the client is, for the norms, the informant's items and bands: given when scoring; results
 * keep it. `age` is whole years on the response date; null when the birth date or sex is not recorded.
 */
export interface ScoringContext {
  respondent: Respondent | null;
  age: number | null;
  sex: 'female' | 'male' | null;
}

/** A scoring context that knows nothing: raw scores and the file's default bands only. */
export const NO_CONTEXT: ScoringContext = { respondent: null, age: null, sex: null };

/** `v<N>.scoring.v<S>.cases.json`: an author's test cases for one scoring file, run by check:forms. */
export interface ScoringCase {
  name: string;
  /** How the expected values were worked out, for the next author; not read when the case runs. */
  note?: string;
  respondent?: Respondent;
  age?: number;
  sex?: 'female' | 'male';
  answers: Record<string, unknown>;
  expect: {
    /** Per scale id; only the properties given are compared. `score: null` = not scored. */
    scales?: Record<
      string,
      { score?: number | null; band?: string | null; t?: number | null; percentile?: number | null }
    >;
    /** The ids of the flags raised, in any order (compared as a set when given). */
    flags?: string[];
  };
}

export interface ScoringCases {
  cases: ScoringCase[];
}

export interface QuestionnaireDefinition {
  id: string;
  formId: string;
  version: number;
  scoringVersion: number;
  meta: QuestionnaireMeta;
  scoring: ScoringDefinition;
  /** Top-level properties of the schema, in display order. */
  itemIds: string[];
  schema: JsonSchema;
  uiSchema: UiSchema;
}

/** Locale keys (in the questionnaire's namespace `questionnaires/<id>`) of scale, band and flag texts. */
export const scaleLabelKey = (scale: string) => `_scales.${scale}.label`;
export const bandLabelKey = (scale: string, band: string) => `_scales.${scale}.bands.${band}`;
export const flagLabelKey = (flag: string) => `_flags.${flag}`;
/** The questionnaire's own help text for a respondent whose answer raised a flag (ADR 108). */
export const CRISIS_KEY = '_crisis';
