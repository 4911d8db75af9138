import type { Engine } from '../../forms/engine';
import type { ManifestPart } from '../../forms/types';
import type { FormRef } from '../../shared';

/** The intake's sections in order, from `schemas/intake/manifest.json`. */
export function intakeParts(engine: Engine): ManifestPart[] {
  return engine.registry.manifest('intake').parts;
}

/** The version a section is validated with: the one it was saved under, else the manifest's for new data. */
export function formOf(part: ManifestPart, pinned: Record<string, FormRef>): FormRef {
  return pinned[part.key] ?? { form: part.form, version: part.version };
}
