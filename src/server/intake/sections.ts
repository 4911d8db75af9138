import type { Engine } from '../../forms/engine';
import type { ManifestPart } from '../../forms/types';

/** The form id and version a section was filled against (ADR 001). */
export interface FormRef {
  form: string;
  version: number;
}

export type IntakeStatus = 'draft' | 'submitted';
export const INTAKE_STATUSES: readonly IntakeStatus[] = ['draft', 'submitted'];

/** The intake's sections in order, from `schemas/intake/manifest.json`. */
export function intakeParts(engine: Engine): ManifestPart[] {
  return engine.registry.manifest('intake').parts;
}

/** The version a section is validated with: the one it was saved under, else the manifest's for new data. */
export function formOf(part: ManifestPart, pinned: Record<string, FormRef>): FormRef {
  return pinned[part.key] ?? { form: part.form, version: part.version };
}
