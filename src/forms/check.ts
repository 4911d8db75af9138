import { createAjv } from './ajv';
import { checkManifests, checkUi, checkUiBesideSchema } from './check-author';
import { checkAuthoringFiles } from './check-authoring-files';
import { checkClientMergeable, checkFieldTypes, checkNoCustomField, checkNoMarkdown } from './check-bundle';
import { checkFormWords, checkLocaleFolders, checkLocaleParity } from './check-locales';
import { checkOverlays } from './check-overlays';
import { checkQuestionnaires } from './check-questionnaires';
import type { Problem } from './check-walk';
import { createResources, type LocaleFiles, localePath } from './locales';
import { createRegistry, type SchemaFiles, schemaPath } from './registry';
import { type FormDefinition, LANGS } from './types';
import { WIDGET_NAMES } from './widget-names';

export { ALL_OF_KEYWORDS } from './check-bundle';
export type { Problem } from './check-walk';

/**
 * Checks the files of `schemas/` and `locales/` as a content author leaves them: schemas compile, UI schemas
 * name only real fields and registered widgets, every key exists in every language, manifests name real forms,
 * questionnaires have sound metadata and scoring (check-questionnaires.ts), sound informant wording
 * (check-overlays.ts), and a questionnaire's files match their published authoring schemas (check-authoring-files.ts).
 * The checks live by concern: author checks (check-author.ts), bundle guards (check-bundle.ts, ADR 008/009)
 * and locale parity (check-locales.ts); this file only runs them in a stable order.
 */
export function checkForms(schemaFiles: SchemaFiles, localeFiles: LocaleFiles): Problem[] {
  const registry = createRegistry(schemaFiles);
  const resources = createResources(localeFiles);
  const ajv = createAjv();
  const widgets = new Set<string>(WIDGET_NAMES);
  const fileOf = (form: FormDefinition, kind: 'schema' | 'ui') =>
    `schemas/${form.id}/v${form.version}.${kind}.json`;

  const problems = checkUiBesideSchema(new Set(Object.keys(schemaFiles).map(schemaPath)));
  for (const form of registry.list()) {
    const schemaFile = fileOf(form, 'schema');
    const uiFile = fileOf(form, 'ui');
    problems.push(
      ...checkClientMergeable(form.schema, schemaFile),
      ...checkNoCustomField(form.uiSchema, uiFile),
      ...checkFieldTypes(form.schema, schemaFile),
    );
    try {
      ajv.compile(form.schema);
    } catch (error) {
      problems.push({
        file: schemaFile,
        path: '$',
        message: `does not compile: ${(error as Error).message}`,
      });
      continue;
    }
    problems.push(
      ...checkUi(form.schema, form.uiSchema, uiFile, widgets),
      ...checkNoMarkdown(form.uiSchema, uiFile),
    );
    for (const lang of LANGS) problems.push(...checkFormWords(form, lang, resources));
  }
  problems.push(
    ...checkManifests(registry),
    ...checkQuestionnaires(schemaFiles, registry, resources, ajv),
    ...checkOverlays(schemaFiles, resources),
    ...checkLocaleParity(resources),
    ...checkLocaleFolders(Object.keys(localeFiles).map(localePath)),
  );
  // the authoring schemas (ADR 123) speak only where no closer check has already named the place
  const named = new Set(problems.map((p) => `${p.file}\n${p.path}`));
  problems.push(
    ...checkAuthoringFiles(schemaFiles, localeFiles, ajv).filter((p) => !named.has(`${p.file}\n${p.path}`)),
  );
  return problems;
}
