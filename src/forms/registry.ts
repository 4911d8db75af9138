import { withoutSchemaRef } from './schema-ref.ts';
import {
  type FormDefinition,
  FormNotFoundError,
  type JsonSchema,
  type Manifest,
  type UiSchema,
} from './types.ts';

/** Files of `schemas/`, keyed by their path relative to it (`intake/demographics/v1.schema.json`). */
export type SchemaFiles = Record<string, unknown>;

export interface FormRegistry {
  /** Every form version, sorted by id then version. */
  list(): FormDefinition[];
  /** A form version; the latest when `version` is omitted. Throws FormNotFoundError. */
  get(id: string, version?: number): FormDefinition;
  has(id: string, version?: number): boolean;
  /** The versions of a form, ascending. */
  versions(id: string): number[];
  /** The manifest of a multi-part area (`signup`, `intake`). */
  manifest(area: string): Manifest;
  manifests(): Manifest[];
}

const FORM_FILE = /^(?<id>.+)\/v(?<version>[1-9][0-9]*)\.(?<kind>schema|ui)\.json$/;
const MANIFEST_FILE = /^(?<area>.+)\/manifest\.json$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Normalises a glob or file-system key to a path relative to `schemas/`. */
export function schemaPath(key: string): string {
  const normalised = key.replaceAll('\\', '/');
  const at = normalised.lastIndexOf('schemas/');
  return at >= 0 ? normalised.slice(at + 'schemas/'.length) : normalised.replace(/^\.?\//, '');
}

/**
 * Builds the registry from the files of `schemas/`: a new folder with `v1.schema.json` is a new form,
 * with no code change. A version without a UI schema gets an empty one.
 */
export function createRegistry(files: SchemaFiles): FormRegistry {
  const forms = new Map<string, Map<number, FormDefinition>>();
  const manifests = new Map<string, Manifest>();

  for (const [key, content] of Object.entries(files)) {
    const path = schemaPath(key);
    const manifestMatch = MANIFEST_FILE.exec(path);
    if (manifestMatch?.groups) {
      const area = manifestMatch.groups.area!;
      const parts = isObject(content) && Array.isArray(content.parts) ? content.parts : [];
      manifests.set(area, { area, parts: parts as Manifest['parts'] });
      continue;
    }
    const match = FORM_FILE.exec(path);
    if (!match?.groups) continue;
    const id = match.groups.id!;
    const version = Number(match.groups.version);
    let versions = forms.get(id);
    if (!versions) {
      versions = new Map();
      forms.set(id, versions);
    }
    const existing = versions.get(version) ?? { id, version, schema: {}, uiSchema: {} };
    // `$schema` names the editor's schema (ADR 123): a keyword Ajv would act on, and no field of the UI
    const json = isObject(content) ? withoutSchemaRef(content) : {};
    if (match.groups.kind === 'schema') existing.schema = json as JsonSchema;
    else existing.uiSchema = json as UiSchema;
    versions.set(version, existing);
  }

  // a UI schema alone is not a form
  for (const [id, versions] of forms) {
    for (const [version, form] of versions) {
      if (Object.keys(form.schema).length === 0) versions.delete(version);
    }
    if (versions.size === 0) forms.delete(id);
  }

  const sorted = [...forms.keys()].sort();

  const registry: FormRegistry = {
    list: () => sorted.flatMap((id) => [...forms.get(id)!.values()].sort((a, b) => a.version - b.version)),
    versions: (id) => [...(forms.get(id)?.keys() ?? [])].sort((a, b) => a - b),
    has: (id, version) => {
      const versions = forms.get(id);
      return versions !== undefined && (version === undefined || versions.has(version));
    },
    get: (id, version) => {
      const versions = forms.get(id);
      if (!versions) throw new FormNotFoundError(id, version);
      const chosen = version ?? Math.max(...versions.keys());
      const form = versions.get(chosen);
      if (!form) throw new FormNotFoundError(id, version);
      return form;
    },
    manifest: (area) => {
      const manifest = manifests.get(area);
      if (!manifest) throw new FormNotFoundError(`${area}/manifest`);
      return manifest;
    },
    manifests: () => [...manifests.values()],
  };
  return registry;
}
