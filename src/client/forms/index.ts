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
export {
  createPendingEdits,
  type PendingEdits,
  type PendingField,
  TEXT_COMMIT_DELAY,
  usePendingEdits,
} from './pending-edits';
export { toErrorSchema } from './rjsf-errors';
export { SchemaForm, type SchemaFormProps } from './schema-form';
export { templates } from './templates';
export { type BufferedText, type BufferedTextOptions, useBufferedText } from './use-buffered-text';
export { widgets } from './widgets';
