import type { AccessEntry } from './api/get-access-history';

/** Actions the page has words for; anything newer shows as the raw action name rather than nothing. */
const KNOWN_ACTIONS = [
  'read',
  'list',
  'create',
  'change',
  'submit',
  'reopen',
  'export',
  'print',
  'delete',
  'acknowledge',
  'see',
  'resolve',
  'override-age',
  'rescore',
  'pause',
  'resume',
  'stop',
  'cancel',
] as const;

/** Kinds of record the page has words for (`privacy:history.records.<type>`). */
const KNOWN_RECORDS = [
  'intake',
  'file',
  'client',
  'questionnaire-response',
  'questionnaire-results',
  'schedule',
  'schedule-occurrence',
  'response-alert',
  'fhir-bundle',
  'questionnaire-answers',
  'questionnaire-answers-free-text',
] as const;

export interface AccessRow {
  id: string;
  at: Date;
  /** `privacy:history.actions.<action>` or the action itself when unknown. */
  actionKey: string | undefined;
  action: string;
  /** `privacy:history.records.<type>`, or undefined when the page has no words for it (then nothing is shown). */
  recordKey: string | undefined;
  /** You, a respondent link or the operator; another practitioner never appears (records are owned). */
  whoKey: 'history.you' | 'history.link' | 'history.operator';
  address: string;
}

/** The server's entries as table rows, newest first (as the server sends them). */
export function accessRows(entries: AccessEntry[]): AccessRow[] {
  return entries.map((entry) => ({
    id: entry.id,
    at: new Date(entry.at),
    actionKey: (KNOWN_ACTIONS as readonly string[]).includes(entry.action)
      ? `history.actions.${entry.action}`
      : undefined,
    action: entry.action,
    recordKey: (KNOWN_RECORDS as readonly string[]).includes(entry.recordType)
      ? `history.records.${entry.recordType}`
      : undefined,
    whoKey:
      entry.actorKind === 'link'
        ? 'history.link'
        : entry.actorKind === 'operator'
          ? 'history.operator'
          : 'history.you',
    address: entry.address ?? '—',
  }));
}
