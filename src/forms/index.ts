/** The form engine's browser-safe surface (the Node loader is `./node`). */
export { createEngine, type Engine, type EngineOptions, type ValidateOptions } from './engine';
export { errorsByPath, localizeErrors, pointerSegments, STORAGE_KEYWORDS, valueAt } from './errors';
export * from './formats';
export {
  createI18n,
  createResources,
  isLang,
  type LocaleFiles,
  type Resources,
  type Translate,
} from './locales';
export { normalizeData } from './normalize';
export { createRegistry, type FormRegistry, type SchemaFiles } from './registry';
export { hasAnswers, sectionState } from './section-state';
export * from './types';
export { buildUiSchema } from './ui-schema';
