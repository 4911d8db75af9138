import type { SectionState } from '../shared/intake.ts';
import { errorsByPath, localizeErrors } from './errors.ts';
import {
  createI18n,
  createResources,
  createTranslate,
  type LocaleFiles,
  overlayTranslate,
  type Resources,
  type Translate,
} from './locales.ts';
import { normalizeData } from './normalize.ts';
import { createRegistry, type FormRegistry, type SchemaFiles } from './registry.ts';
import { sectionState } from './section-state.ts';
import type {
  CompiledValidator,
  FieldError,
  FormDefinition,
  Lang,
  RawError,
  UiSchema,
  ValidationMode,
} from './types.ts';
import { buildUiSchema } from './ui-schema.ts';

export interface EngineOptions {
  schemaFiles: SchemaFiles;
  localeFiles: LocaleFiles;
  /** Compiles a form version's schema: Ajv at run time on the server, precompiled code in the browser. */
  compile: (form: FormDefinition) => CompiledValidator;
}

export interface ValidateOptions {
  mode: ValidationMode;
  lang: Lang;
}

export interface Engine {
  registry: FormRegistry;
  resources: Resources;
  /** Translates a key of a namespace; `undefined` when missing in that language. */
  translate: Translate;
  /** Translates a key, answering the key itself when it is missing. */
  t(lang: Lang, ns: string, key: string, params?: Record<string, unknown>): string;
  /**
   * `translate` as a respondent reads a questionnaire: their overlay over the base texts (ADR 126); the base
   * alone for null. One function per respondent.
   */
  translateFor(respondent: string | null | undefined): Translate;
  /**
   * The per-language uiSchema of a form version (the latest when version is undefined), in a respondent's
   * wording when one is given (ADR 126); memoized.
   */
  uiSchema(formId: string, version: number | undefined, lang: Lang, respondent?: string | null): UiSchema;
  /** Validates data against a form version; an empty list means valid. */
  validate(
    formId: string,
    version: number | undefined,
    data: unknown,
    options: ValidateOptions,
  ): FieldError[];
  /** The data with normalised formats in their stored form (phones as `+905321234567`); same object if unchanged. */
  normalize<T>(formId: string, version: number | undefined, data: T): T;
  /** `complete` (passes full validation), `in_progress` (something answered) or `empty`; undefined data is empty. */
  sectionState(formId: string, version: number | undefined, data: unknown): SectionState;
  /** `validate` and `sectionState` of the same data from one run of the validator (a save needs both). */
  assess(
    formId: string,
    version: number | undefined,
    data: unknown,
    options: ValidateOptions,
  ): { errors: FieldError[]; state: SectionState };
  /** Turns raw Ajv-shaped errors (e.g. from RJSF) into translated field errors. */
  localize(
    formId: string,
    errors: readonly RawError[],
    options: ValidateOptions & { data?: unknown },
  ): FieldError[];
}

/** The engine: registry, translations and validation over the files of `schemas/` and `locales/`. */
export function createEngine(options: EngineOptions): Engine {
  const registry = createRegistry(options.schemaFiles);
  const resources = createResources(options.localeFiles);
  const translate = createTranslate(createI18n(resources));
  const validators = new Map<FormDefinition, CompiledValidator>();
  const uiSchemas = new Map<string, UiSchema>();
  const overlays = new Map<string, Translate>();
  const translateFor = (respondent: string | null | undefined): Translate => {
    if (!respondent) return translate;
    let found = overlays.get(respondent);
    if (!found) {
      found = overlayTranslate(translate, respondent);
      overlays.set(respondent, found);
    }
    return found;
  };

  const validatorFor = (form: FormDefinition) => {
    let validate = validators.get(form);
    if (!validate) {
      validate = options.compile(form);
      validators.set(form, validate);
    }
    return validate;
  };

  const localize: Engine['localize'] = (formId, errors, { mode, lang, data }) =>
    localizeErrors(errors, { formId, mode, lang, data, translate });

  /** One run of the form's validator: whether the data passes in full, and the errors the mode reports. */
  const errorsOf = (form: FormDefinition, data: unknown, { mode, lang }: ValidateOptions) => {
    const validate = validatorFor(form);
    if (validate(data)) return { valid: true, errors: [] as FieldError[] };
    // Ajv said no, but in draft mode every error may be one a draft tolerates: then the list is empty
    return { valid: false, errors: localize(form.id, validate.errors ?? [], { mode, lang, data }) };
  };

  return {
    registry,
    resources,
    translate,
    t: (lang, ns, key, params) => translate(lang, ns, key, params) ?? key,
    translateFor,
    uiSchema(formId, version, lang, respondent) {
      const form = registry.get(formId, version);
      const cacheKey = `${form.id}@${form.version}:${lang}:${respondent ?? ''}`;
      let ui = uiSchemas.get(cacheKey);
      if (!ui) {
        ui = buildUiSchema(form, lang, translateFor(respondent));
        uiSchemas.set(cacheKey, ui);
      }
      return ui;
    },
    validate(formId, version, data, options) {
      return errorsOf(registry.get(formId, version), data, options).errors;
    },
    normalize(formId, version, data) {
      return normalizeData(registry.get(formId, version).schema, data) as typeof data;
    },
    sectionState(formId, version, data) {
      const form = registry.get(formId, version);
      return sectionState(form.schema, data, data !== undefined && validatorFor(form)(data));
    },
    assess(formId, version, data, options) {
      const form = registry.get(formId, version);
      const { valid, errors } = errorsOf(form, data, options);
      return { errors, state: sectionState(form.schema, data, data !== undefined && valid) };
    },
    localize,
  };
}

export { errorsByPath };
