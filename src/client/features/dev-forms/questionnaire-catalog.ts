import { createQuestionnaireCatalog } from '../../../forms/questionnaires';

/**
 * The questionnaires of `schemas/` for the authors' preview (development only): every file of their
 * folders, so scoring files and metadata hot-reload like schemas. The app gets questionnaires from its API.
 */
const files: Record<string, unknown> = import.meta.glob('/schemas/questionnaires/**/*.json', {
  eager: true,
  import: 'default',
});

export const previewCatalog = createQuestionnaireCatalog(files);
