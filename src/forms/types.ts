/** Shared types of the form engine: used by the browser and the server alike. */

export type Lang = 'en' | 'tr';
export const LANGS: readonly Lang[] = ['en', 'tr'];
export const DEFAULT_LANG: Lang = 'en';

/** Whether a value names a language the product speaks (a pure check: no translation library comes with it). */
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export type ValidationMode = 'full' | 'draft';

/** A JSON Schema as stored under `schemas/` (draft-07, plain JSON). */
export type JsonSchema = { [key: string]: unknown };
/** An RJSF uiSchema: plain JSON. */
export type UiSchema = { [key: string]: unknown };

export interface FormDefinition {
  /** Path under `schemas/`, e.g. `intake/demographics`. */
  id: string;
  version: number;
  schema: JsonSchema;
  uiSchema: UiSchema;
}

export interface ManifestPart {
  /** Data key (intake) or step name (sign-up). */
  key: string;
  form: string;
  /** Version used for new data. */
  version: number;
  /** Route segment. */
  slug: string;
}

export interface Manifest {
  area: string;
  parts: ManifestPart[];
}

/** An error as Ajv reports it (also what RJSF errors are converted back to). */
export interface RawError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

export interface FieldError {
  /** Data path with array indexes: `currentMedications.0.name`; `''` for the root. */
  path: string;
  /** Field path of the locale keys (indexes left out): `currentMedications.name`. */
  field: string;
  /** Rule name (ADR 002): a keyword, `format`, or an ajv-errors rule name. */
  rule: string;
  params: Record<string, unknown>;
  /** Translated message. */
  message: string;
}

/** A validate function as Ajv produces it, compiled at run time or precompiled. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: RawError[] | null;
}

export class FormNotFoundError extends Error {
  constructor(
    readonly formId: string,
    readonly version?: number,
  ) {
    super(`Form not found: ${formId}${version === undefined ? '' : ` v${version}`}`);
    this.name = 'FormNotFoundError';
  }
}
