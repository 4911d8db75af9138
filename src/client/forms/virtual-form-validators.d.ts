/** Served by scripts/vite-form-validators.ts: a loader of precompiled validators per form version in `schemas/`. */
declare module 'virtual:form-validators' {
  import type { PrecompiledValidatorLoaders } from './client-engine';

  /** `intake/demographics@1` -> a loader of that version's RJSF validator functions and root id. */
  export const validators: PrecompiledValidatorLoaders;
  export default validators;
}
