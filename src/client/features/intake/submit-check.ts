/**
 * The check-your-answers list of a submit. The server checks every section in full mode (422 INTAKE_INCOMPLETE);
 * when it cannot be asked, the screen lists what it knows, in the same shape.
 */
import type { FieldError, ManifestPart } from '../../../forms';
import type { SectionState } from '../../../shared';

export interface MissingField {
  /** Data path inside the section: `currentMedications.0.name`, `''` for the section itself. */
  path: string;
  message: string;
}

export interface MissingSection {
  part: ManifestPart;
  fields: MissingField[];
}

/** The server's 422 body (`sections: { key: { path: message } }`) in the same shape, in manifest order. */
export function missingFromServer(parts: readonly ManifestPart[], body: unknown): MissingSection[] {
  const sections = (body as { sections?: unknown } | undefined)?.sections;
  if (!sections || typeof sections !== 'object') return [];
  const byKey = sections as Record<string, Record<string, unknown>>;
  return parts
    .filter((part) => byKey[part.key] && typeof byKey[part.key] === 'object')
    .map((part) => ({
      part,
      fields: Object.entries(byKey[part.key] ?? {}).map(([path, message]) => ({
        path,
        message: String(message),
      })),
    }));
}

/**
 * What this screen knows when the server cannot be asked: the section on screen checked here, the others by
 * the states of the last answer (a section not known to be complete is listed as a whole).
 */
export function knownMissing(
  parts: readonly ManifestPart[],
  current: ManifestPart,
  ownErrors: readonly FieldError[],
  states: Readonly<Record<string, SectionState>> | undefined,
  notComplete: string,
): MissingSection[] {
  return parts.flatMap((part) => {
    if (part.key === current.key)
      return ownErrors.length > 0
        ? [{ part, fields: ownErrors.map((e) => ({ path: e.path, message: e.message })) }]
        : [];
    return states?.[part.key] === 'complete' ? [] : [{ part, fields: [{ path: '', message: notComplete }] }];
  });
}

export type SubmitOutcome =
  | { kind: 'done' }
  | { kind: 'incomplete'; body: unknown }
  | { kind: 'unreachable' }
  | { kind: 'other' };

export interface SubmitSteps {
  /** Sends the submit (the section on screen with status submitted). */
  send: () => Promise<SubmitOutcome>;
  /** Whether what is on screen is unsaved (or the record has no id yet). */
  needsDraft: () => boolean;
  /** Saves what is on screen as a draft; failures are the status line's business. */
  saveDraft: () => Promise<void>;
  /** The list when the server answered 422 / when it could not be asked. */
  fromServer: (body: unknown) => MissingSection[];
  known: () => MissingSection[];
  show: (missing: MissingSection[]) => void;
}

/**
 * Submit from any section (ADR 060): the server checks the whole record; on a 422 what was typed is saved as a
 * draft (kept, and a new record gets the id the list's links need) and the list is shown.
 */
export async function runSubmit(steps: SubmitSteps): Promise<void> {
  const outcome = await steps.send();
  if (outcome.kind === 'unreachable') {
    steps.show(steps.known());
    return;
  }
  if (outcome.kind !== 'incomplete') return;
  if (steps.needsDraft()) await steps.saveDraft().catch(() => undefined);
  steps.show(steps.fromServer(outcome.body));
}
