/** The respondent-link part of the API contract (ADR 073, ADR 095): who may answer, a link's state, its view. */

export const LINK_RESPONDENTS = ['guardian', 'teacher', 'self'] as const;
export type LinkRespondent = (typeof LINK_RESPONDENTS)[number];

export const LINK_STATES = [
  'created',
  'opened',
  'inProgress',
  'submitted',
  'expired',
  'revoked',
  'locked',
] as const;
export type LinkState = (typeof LINK_STATES)[number];

/** POST /clients/:id/links */
export interface CreateLinkInput {
  questionnaireId: string;
  respondent: LinkRespondent;
  language: 'en' | 'tr';
  label?: string;
  withCode?: boolean;
  email?: string;
  /** Gives it although the client's age is outside the questionnaire's range (else 409 AGE_OUTSIDE_RANGE). */
  ageOverride?: boolean;
}

/** A link as the practitioner's API answers it; never its token. */
export interface RespondentLinkView {
  id: string;
  clientId: string;
  responseId: string;
  questionnaireId: string;
  respondent: LinkRespondent;
  language: 'en' | 'tr';
  label: string | null;
  email: string | null;
  hasCode: boolean;
  state: LinkState;
  expiresAt: string;
  openedAt: string | null;
  sentAt: string | null;
  submittedAt: string | null;
  createdAt: string;
}

/** A new link's address and code: shown once (only hashes are kept). */
export interface IssuedLinkView {
  link: RespondentLinkView;
  url: string;
  code?: string | null;
}

/**
 * GET /links/new-results: responses submitted by link that the practitioner has not looked at, per own client,
 * and apart from them the submitted responses (by link or in session) whose critical answers need attention
 * until the practitioner opens each one (ADR 097, ADR 108).
 */
export interface NewResultsView {
  count: number;
  clients: Array<{ clientId: string; count: number }>;
  attention: Array<{ clientId: string; responseId: string }>;
}

/** A support line the deployment configures (SUPPORT_LINES), its name in the respondent's language. */
export interface SupportLineView {
  name: string;
  phone: string;
}

/** POST /respond/:token/submit: `help` only when an answer raised a flag; never a score. */
export interface RespondSubmitView {
  status: 'draft' | 'submitted';
  submittedAt: string | null;
  help?: { text: string | null; lines: SupportLineView[] };
}
