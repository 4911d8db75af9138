/** The React side of the form engine. */
export { AppFormEngineProvider } from './app-form-engine-provider';
export {
  type ClientFormEngine,
  createPrecompiledEngine,
  type PrecompiledValidators,
  withRjsfValidators,
} from './client-engine';
export { FormEngineProvider, useFormEngine } from './engine-context';
export type { SchemaFormContext, ScreenFormContext, UploadedFile, UploadOptions } from './form-context';
export { toErrorSchema } from './rjsf-errors';
export { SchemaForm, type SchemaFormProps } from './SchemaForm';
export { templates } from './templates';
export { widgets } from './widgets';
