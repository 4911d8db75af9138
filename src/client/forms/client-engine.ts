/** The form engine as the browser uses it: the shared engine plus RJSF's validator for each form version. */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import {
  type CompiledValidator,
  createEngine,
  type Engine,
  type FormDefinition,
  type LocaleFiles,
  type SchemaFiles,
} from '../../forms';

export interface ClientFormEngine extends Engine {
  /** RJSF's validator of a form version (one per version, reused). */
  rjsfValidator(form: FormDefinition): ValidatorType;
}

/** One form version's precompiled code, as `virtual:form-validators` exports it. */
export interface PrecompiledFormModule {
  rootId: string;
  validateFns: ValidatorFunctions;
}

/** `<form id>@<version>` -> its precompiled module. */
export type PrecompiledValidators = Record<string, PrecompiledFormModule>;

/** `<form id>@<version>` -> a loader of its precompiled module (a chunk of its own in the build). */
export type PrecompiledValidatorLoaders = Record<string, () => Promise<PrecompiledFormModule>>;

/** RJSF validators by schema object: engines rebuilt over the same loaded files share them. */
export type RjsfValidatorCache = WeakMap<object, ValidatorType>;

/** Adds RJSF validators (made once per form version's schema by `create`) to an engine. */
function withRjsfValidators(
  engine: Engine,
  create: (form: FormDefinition) => ValidatorType,
  cache: RjsfValidatorCache = new WeakMap(),
): ClientFormEngine {
  return {
    ...engine,
    rjsfValidator(form) {
      let validator = cache.get(form.schema);
      if (!validator) {
        validator = create(form);
        cache.set(form.schema, validator);
      }
      return validator;
    },
  };
}

export interface PrecompiledEngineOptions {
  schemaFiles: SchemaFiles;
  localeFiles: LocaleFiles;
  validators: PrecompiledValidators;
  /** Shared between engines over the same schemas (the app rebuilds its engine as forms load). */
  rjsfValidatorCache?: RjsfValidatorCache;
}

/** The browser engine: every validation runs precompiled code, never a schema compiler (CSP without eval). */
export function createPrecompiledEngine({
  schemaFiles,
  localeFiles,
  validators,
  rjsfValidatorCache,
}: PrecompiledEngineOptions) {
  const moduleOf = (form: FormDefinition): PrecompiledFormModule => {
    const found = validators[`${form.id}@${form.version}`];
    if (!found) {
      throw new Error(
        `No precompiled validator for ${form.id} v${form.version}: is formValidators() in the Vite plugins?`,
      );
    }
    return found;
  };
  const engine = createEngine({
    schemaFiles,
    localeFiles,
    compile: (form) => {
      const { rootId, validateFns } = moduleOf(form);
      return validateFns[rootId] as CompiledValidator;
    },
  });
  return withRjsfValidators(
    engine,
    (form) => createPrecompiledValidator(moduleOf(form).validateFns, form.schema as RJSFSchema),
    rjsfValidatorCache,
  );
}
