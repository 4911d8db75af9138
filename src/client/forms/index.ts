/** The React side of the form engine. */
export { AppFormEngineProvider } from './app-form-engine-provider';
export type { ScreenFormContext } from './form-context';
export {
  createPendingEdits,
  type PendingEdits,
  type PendingField,
  TEXT_COMMIT_DELAY,
  usePendingEdits,
} from './pending-edits';
export { SchemaForm } from './schema-form';
export { widgets } from './widgets';
