import type { ScaleResult, ScoreResult } from '../../../../forms/questionnaires';
import type { Lang } from '../../../../forms/types';
import type { SectionState } from '../../../../shared';

export type Answers = Record<string, unknown>;

/** GET /clients: one client per intake record. */
export interface ClientListItem {
  id: string;
  name: string;
  age: number | null;
  intakeStatus: 'draft' | 'submitted';
  lastActivity: string;
}

/** A response without answers, as a client's page lists it. */
export interface ResponseListItem {
  id: string;
  questionnaireId: string;
  questionnaireVersion: number;
  scoringVersion: number;
  language: Lang;
  status: 'draft' | 'submitted';
  version: number;
  replaces: string | null;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  result: ScoreResult | null;
}

/** GET /responses/:id and what give and submit answer. */
export interface ResponseRecord extends ResponseListItem {
  clientId: string;
  answers: Answers;
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
  method: ScaleResult['method'];
  range: ScaleResult['range'];
  points: ScorePoint[];
}

/** One questionnaire's results of a client: each scale over time, each response's flags. */
export interface QuestionnaireResults {
  questionnaireId: string;
  latestVersion: number;
  scales: ScaleSeries[];
  responses: Array<{
    id: string;
    submittedAt: string;
    questionnaireVersion: number;
    scoringVersion: number;
    language: Lang;
    replaces: string | null;
    flags: ScoreResult['flags'];
  }>;
}

/** GET /clients/:id */
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
  responses: ResponseListItem[];
  results: QuestionnaireResults[];
}

export const clientKeys = {
  list: (q: string) => ['clients', 'list', q] as const,
  all: ['clients'] as const,
  client: (id: string) => ['clients', 'client', id] as const,
  response: (id: string) => ['responses', id] as const,
};
