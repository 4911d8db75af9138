/** Served by src/forms/vite-plugin.ts: precompiled validators of every form version in `schemas/`. */
declare module 'virtual:form-validators' {
  import type { PrecompiledValidators } from './client-engine';

  /** `intake/demographics@1` -> that version's RJSF validator functions and root id. */
  export const validators: PrecompiledValidators;
  export default validators;
}
