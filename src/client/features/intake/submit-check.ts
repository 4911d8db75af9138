/**
 * The check-your-answers list of a submit: every section of the record in full mode, the section on screen with
 * what is typed now. The server runs the same check (422 INTAKE_INCOMPLETE) and its answer has the same shape.
 */
import type { FieldError, ManifestPart } from '../../../forms';
import type { SectionData } from './api/types';

export interface MissingField {
  /** Data path inside the section: `currentMedications.0.name`, `''` for the section itself. */
  path: string;
  message: string;
}

export interface MissingSection {
  part: ManifestPart;
  fields: MissingField[];
}

/** Validates one section in full mode (the engine, with the section's pinned version). */
export type FullCheck = (part: ManifestPart, data: SectionData) => FieldError[];

/** What stops a submit, per section in manifest order; empty when the record is complete. */
export function missingSections(
  parts: readonly ManifestPart[],
  sectionOf: (key: string) => SectionData | undefined,
  check: FullCheck,
): MissingSection[] {
  const missing: MissingSection[] = [];
  for (const part of parts) {
    const errors = check(part, sectionOf(part.key) ?? {});
    if (errors.length > 0)
      missing.push({ part, fields: errors.map((e) => ({ path: e.path, message: e.message })) });
  }
  return missing;
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
