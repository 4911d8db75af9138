/**
 * The questionnaire catalog, built from the files of `schemas/` like the form registry: a folder
 * `questionnaires/<id>/` with `v<N>.schema.json`, `v<N>.scoring.json` and `questionnaire.json` is a
 * questionnaire, with no code change. A version lacking its scoring file or metadata is left out
 * (check:forms names what is missing).
 */
import { createRegistry, type SchemaFiles, schemaPath } from '../registry.ts';
import { FormNotFoundError } from '../types.ts';
import { itemIdsOf } from './items.ts';
import type { QuestionnaireDefinition, QuestionnaireMeta, ScoringDefinition } from './types.ts';

export interface QuestionnaireCatalog {
  /** The latest version of each questionnaire, sorted by id. */
  list(): QuestionnaireDefinition[];
  /** A version; the latest when `version` is omitted. Throws FormNotFoundError. */
  get(id: string, version?: number): QuestionnaireDefinition;
  has(id: string, version?: number): boolean;
  /** The versions of a questionnaire, ascending. */
  versions(id: string): number[];
}

export const QUESTIONNAIRE_AREA = 'questionnaires';
const SCORING_FILE = /^questionnaires\/(?<id>[^/]+)\/v(?<version>[1-9][0-9]*)\.scoring\.json$/;
const META_FILE = /^questionnaires\/(?<id>[^/]+)\/questionnaire\.json$/;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const questionnaireFormId = (id: string) => `${QUESTIONNAIRE_AREA}/${id}`;

export function createQuestionnaireCatalog(files: SchemaFiles): QuestionnaireCatalog {
  const registry = createRegistry(files);
  const metas = new Map<string, QuestionnaireMeta>();
  const scorings = new Map<string, Map<number, ScoringDefinition>>();
  for (const [key, content] of Object.entries(files)) {
    const path = schemaPath(key);
    const meta = META_FILE.exec(path)?.groups;
    if (meta && isPlainObject(content)) metas.set(meta.id!, content as unknown as QuestionnaireMeta);
    const scoring = SCORING_FILE.exec(path)?.groups;
    if (scoring && isPlainObject(content)) {
      const byVersion = scorings.get(scoring.id!) ?? new Map<number, ScoringDefinition>();
      byVersion.set(Number(scoring.version), content as unknown as ScoringDefinition);
      scorings.set(scoring.id!, byVersion);
    }
  }

  const definitions = new Map<string, Map<number, QuestionnaireDefinition>>();
  for (const [id, byVersion] of scorings) {
    const meta = metas.get(id);
    if (!meta) continue;
    for (const [version, scoring] of byVersion) {
      const formId = questionnaireFormId(id);
      if (!registry.has(formId, version)) continue;
      const form = registry.get(formId, version);
      const definition: QuestionnaireDefinition = {
        id,
        formId,
        version,
        scoringVersion: scoring.version,
        meta,
        scoring,
        itemIds: itemIdsOf(form.schema, form.uiSchema),
        schema: form.schema,
        uiSchema: form.uiSchema,
      };
      const versions = definitions.get(id) ?? new Map<number, QuestionnaireDefinition>();
      versions.set(version, definition);
      definitions.set(id, versions);
    }
  }

  const sortedIds = [...definitions.keys()].sort();
  const versions = (id: string) => [...(definitions.get(id)?.keys() ?? [])].sort((a, b) => a - b);
  const get = (id: string, version?: number) => {
    const byVersion = definitions.get(id);
    const chosen = version ?? Math.max(...versions(id));
    const definition = byVersion?.get(chosen);
    if (!definition) throw new FormNotFoundError(questionnaireFormId(id), version);
    return definition;
  };
  return {
    list: () => sortedIds.map((id) => get(id)),
    get,
    has: (id, version) => {
      const byVersion = definitions.get(id);
      return byVersion !== undefined && (version === undefined || byVersion.has(version));
    },
    versions,
  };
}
