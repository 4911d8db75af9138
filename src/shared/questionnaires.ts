import type { SectionState } from './intake.ts';

/**
 * The questionnaire part of the API contract (ADR 073): a score result as the server stores and answers it, and the
 * views of responses, clients and results. The engine scores into these types; both sides read them.
 */

export type Severity = 'none' | 'mild' | 'moderate' | 'severe';
export const SEVERITIES: readonly Severity[] = ['none', 'mild', 'moderate', 'severe'];
export type ScaleMethod = 'sum' | 'mean' | 'proratedMean';

export interface ScaleResult {
  id: string;
  labelKey: string;
  method: ScaleMethod;
  /** null = not scored (too few answers), never a silent 0. */
  score: number | null;
  answered: number;
  required: number;
  itemCount: number;
  range: { min: number; max: number };
  band: { id: string; labelKey: string; severity: Severity } | null;
}

export interface FlagResult {
  id: string;
  item: string;
  labelKey: string;
}

export interface ScoreResult {
  scales: ScaleResult[];
  flags: FlagResult[];
}

export const RESPONSE_STATUSES = ['draft', 'submitted'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];

/** A response without answers, as a client's page lists it. */
export interface ResponseListItemView {
  id: string;
  questionnaireId: string;
  questionnaireVersion: number;
  scoringVersion: number;
  language: 'en' | 'tr';
  status: ResponseStatus;
  version: number;
  replaces: string | null;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  result: ScoreResult | null;
}

/** GET /responses/:id, and what give and submit answer. */
export interface ResponseView extends ResponseListItemView {
  clientId: string;
  answers: Record<string, unknown>;
}

export interface ScorePoint {
  responseId: string;
  submittedAt: string;
  questionnaireVersion: number;
  scoringVersion: number;
  score: number | null;
  band: ScaleResult['band'];
}

export interface ScaleSeries {
  id: string;
  labelKey: string;
  method: ScaleMethod;
  range: ScaleResult['range'];
  points: ScorePoint[];
}

/** One questionnaire's results of a client: each scale over time, each response's flags. */
export interface QuestionnaireResults {
  questionnaireId: string;
  /** The pinned version of the newest response: the client draws labels and bands with it. */
  latestVersion: number;
  /** The scoring version of the newest response: its bands are the ones drawn (ADR 109). */
  latestScoringVersion: number;
  scales: ScaleSeries[];
  /** Submitted responses in time order, each with its flags; replaced ones are left out. */
  responses: Array<{
    id: string;
    submittedAt: string;
    questionnaireVersion: number;
    scoringVersion: number;
    language: 'en' | 'tr';
    replaces: string | null;
    flags: FlagResult[];
  }>;
}

/** GET /clients: one client per intake record. */
export interface ClientListItemView {
  id: string;
  name: string;
  age: number | null;
  intakeStatus: 'draft' | 'submitted';
  lastActivity: string;
}

/** GET /clients/:id: who, the intake's status and sections, the questionnaires given, the results. */
export interface ClientView {
  id: string;
  name: string;
  birthDate: string | null;
  age: number | null;
  intake: {
    status: 'draft' | 'submitted';
    createdAt: string;
    updatedAt: string;
    submittedAt: string | null;
    sectionStates: Record<string, SectionState>;
  };
  responses: ResponseListItemView[];
  results: QuestionnaireResults[];
}
