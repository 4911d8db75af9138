/** Served by scripts/vite-form-validators.ts: a loader of precompiled validators per form version in `schemas/`. */
declare module 'virtual:form-validators' {
  import type { PrecompiledValidatorLoaders } from './client-engine';

  /** `intake/demographics@1` -> a loader of that version's RJSF validator functions and root id. */
  export const validators: PrecompiledValidatorLoaders;
  /** `intake/demographics@1` -> the widget names its UI schema gives (`ui:widget`). */
  export const widgetNames: Record<string, readonly string[]>;
  /** The form versions whose schema has an array (they fetch RJSF's array field, ADR 139). */
  export const arrayForms: readonly string[];
  export default validators;
}

/** The same index for one area of `schemas/` (`?area=questionnaires`: the respondent's page). */
declare module 'virtual:form-validators?area=questionnaires' {
  import type { PrecompiledValidatorLoaders } from './client-engine';

  export const validators: PrecompiledValidatorLoaders;
  export const widgetNames: Record<string, readonly string[]>;
  export const arrayForms: readonly string[];
  export default validators;
}
