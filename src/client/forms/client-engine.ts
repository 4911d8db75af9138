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

/** Adds RJSF validators (made once per form version by `create`) to an engine. */
export function withRjsfValidators(
  engine: Engine,
  create: (form: FormDefinition) => ValidatorType,
): ClientFormEngine {
  const cache = new WeakMap<FormDefinition, ValidatorType>();
  return {
    ...engine,
    rjsfValidator(form) {
      let validator = cache.get(form);
      if (!validator) {
        validator = create(form);
        cache.set(form, validator);
      }
      return validator;
    },
  };
}

export interface PrecompiledEngineOptions {
  schemaFiles: SchemaFiles;
  localeFiles: LocaleFiles;
  validators: PrecompiledValidators;
}

/** The browser engine: every validation runs precompiled code, never a schema compiler (CSP without eval). */
export function createPrecompiledEngine({ schemaFiles, localeFiles, validators }: PrecompiledEngineOptions) {
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
  return withRjsfValidators(engine, (form) =>
    createPrecompiledValidator(moduleOf(form).validateFns, form.schema as RJSFSchema),
  );
}
