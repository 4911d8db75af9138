/** The intake's addresses, without React (the session and the screens build the same ones). */
import type { ManifestPart } from '../../../forms';

/** `/client-intake/{id}` + the section's slug; `new` while the record has no id. */
export function sectionPath(id: string | undefined, part: ManifestPart): string {
  return `/client-intake/${id ?? 'new'}${part.slug ? `/${part.slug}` : ''}`;
}

export function summaryPath(id: string): string {
  return `/client-intake/${id}/summary`;
}

/** Where a submitted intake lands: the client's page (the client is the intake record, ADR 085). */
export function submittedPath(id: string): string {
  return `/patients/${id}`;
}
