/** Types of questionnaires: metadata, the scoring file as parsed, and what scoring returns (browser and server). */
import type { JsonSchema, UiSchema } from '../types.ts';

export type Respondent = 'practitioner' | 'guardian' | 'teacher' | 'self';
export const RESPONDENTS: readonly Respondent[] = ['practitioner', 'guardian', 'teacher', 'self'];

import type { ScaleMethod, Severity } from '../../shared/questionnaires.ts';

// the score result is part of the API contract: defined in src/shared, scored into here (ADR 073)
export {
  type FlagResult,
  type ScaleMethod,
  type ScaleResult,
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
}

/** A show-if condition: a json-logic expression over the answers (the subset in conditions.ts). */
export type Condition = unknown;

/** How one item scores: its option scores (inline or a named response set), and whether it is reversed. */
export interface ItemScoring {
  responseSet?: string;
  options?: Record<string, number>;
  reverse?: boolean;
}

export interface BandDefinition {
  id: string;
  /** Inclusive bounds; consecutive bands meet with no gap (step 1 for sums, 0.01 otherwise). */
  min: number;
  max: number;
  severity: Severity;
}

export interface ScaleDefinition {
  id: string;
  method: ScaleMethod;
  items: string[];
  /** Fewer answered items than this: the scale is not scored (null). */
  minAnswered: number;
  bands: BandDefinition[];
}

/** A critical item: the practitioner is alerted when its option score is at least `scoreAtLeast`. */
export interface FlagDefinition {
  id: string;
  item: string;
  scoreAtLeast: number;
}

/** `v<N>.scoring.json` (meta-schema: `meta/scoring.schema.json`). */
export interface ScoringDefinition {
  version: number;
  responseSets?: Record<string, Record<string, number>>;
  items: Record<string, ItemScoring>;
  scales: ScaleDefinition[];
  flags?: FlagDefinition[];
  showIf?: { items?: Record<string, Condition>; groups?: Record<string, Condition> };
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
