/**
 * The questionnaire catalog, built from the files of `schemas/` like the form registry: a folder
 * `questionnaires/<id>/` with `v<N>.schema.json`, scoring files and `questionnaire.json` is a questionnaire, with
 * no code change. A form version may have several scoring versions side by side (`v<N>.scoring.v<S>.json`,
 * ADR 109); a version lacking any scoring file, or a folder without metadata, is left out (check:forms names
 * what is missing).
 */
import { createRegistry, type SchemaFiles, schemaPath } from '../registry.ts';
import { withoutSchemaRef } from '../schema-ref.ts';
import { FormNotFoundError } from '../types.ts';
import { itemIdsOf } from './items.ts';
import type { QuestionnaireDefinition, QuestionnaireMeta, ScoringDefinition } from './types.ts';

export interface QuestionnaireCatalog {
  /** The latest version of each questionnaire, with its newest scoring version, sorted by id. */
  list(): QuestionnaireDefinition[];
  /**
   * A form version scored by one scoring version; the latest form version and the newest scoring version when
   * omitted. Throws FormNotFoundError, or ScoringVersionNotFoundError when only the scoring version is missing.
   */
  get(id: string, version?: number, scoringVersion?: number): QuestionnaireDefinition;
  has(id: string, version?: number, scoringVersion?: number): boolean;
  /** The form versions of a questionnaire, ascending. */
  versions(id: string): number[];
  /** The scoring versions of one form version, ascending. */
  scoringVersions(id: string, version: number): number[];
}

/** A response names a scoring version its form version no longer has: refused, never rescored (ADR 109). */
export class ScoringVersionNotFoundError extends Error {
  constructor(
    readonly questionnaireId: string,
    readonly version: number,
    readonly scoringVersion: number,
  ) {
    super(`Scoring version ${scoringVersion} of questionnaires/${questionnaireId} v${version} not found`);
    this.name = 'ScoringVersionNotFoundError';
  }
}

export const QUESTIONNAIRE_AREA = 'questionnaires';
/** `v<N>.scoring.v<S>.json`; the older `v<N>.scoring.json` holds one scoring version, named by its "version". */
export const SCORING_FILE =
  /^questionnaires\/(?<id>[^/]+)\/v(?<version>[1-9][0-9]*)\.scoring(?:\.v(?<scoring>[1-9][0-9]*))?\.json$/;
const META_FILE = /^questionnaires\/(?<id>[^/]+)\/questionnaire\.json$/;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const questionnaireFormId = (id: string) => `${QUESTIONNAIRE_AREA}/${id}`;

/** The file name of a scoring version: what authors add and what check:forms and the lock name. */
export const scoringFileName = (version: number, scoringVersion: number) =>
  `v${version}.scoring.v${scoringVersion}.json`;

/** Where a scoring file sits: questionnaire, form version and scoring version; undefined for any other file. */
export function scoringFileOf(
  key: string,
  content: unknown,
): { id: string; version: number; scoringVersion: number | undefined; legacy: boolean } | undefined {
  const match = SCORING_FILE.exec(schemaPath(key))?.groups;
  if (!match) return undefined;
  const legacy = match.scoring === undefined;
  const inside = isPlainObject(content) ? content.version : undefined;
  const scoringVersion = legacy
    ? Number.isInteger(inside) && (inside as number) > 0
      ? (inside as number)
      : undefined
    : Number(match.scoring);
  return { id: match.id!, version: Number(match.version), scoringVersion, legacy };
}

export function createQuestionnaireCatalog(files: SchemaFiles): QuestionnaireCatalog {
  const registry = createRegistry(files);
  const metas = new Map<string, QuestionnaireMeta>();
  // id -> form version -> scoring version -> scoring
  const scorings = new Map<string, Map<number, Map<number, ScoringDefinition>>>();
  for (const [key, file] of Object.entries(files)) {
    const path = schemaPath(key);
    const content = withoutSchemaRef(file); // the editor's schema (ADR 123)
    const meta = META_FILE.exec(path)?.groups;
    if (meta && isPlainObject(content)) metas.set(meta.id!, content as unknown as QuestionnaireMeta);
    const scoring = scoringFileOf(key, content);
    if (!scoring || scoring.scoringVersion === undefined || !isPlainObject(content)) continue;
    const byVersion = scorings.get(scoring.id) ?? new Map<number, Map<number, ScoringDefinition>>();
    const byScoring = byVersion.get(scoring.version) ?? new Map<number, ScoringDefinition>();
    // the named file wins over an older single file claiming the same scoring version (check:forms reports it)
    if (!scoring.legacy || !byScoring.has(scoring.scoringVersion))
      byScoring.set(scoring.scoringVersion, content as unknown as ScoringDefinition);
    byVersion.set(scoring.version, byScoring);
    scorings.set(scoring.id, byVersion);
  }

  const definitions = new Map<string, Map<number, Map<number, QuestionnaireDefinition>>>();
  for (const [id, byVersion] of scorings) {
    const meta = metas.get(id);
    if (!meta) continue;
    const formId = questionnaireFormId(id);
    for (const [version, byScoring] of byVersion) {
      if (!registry.has(formId, version)) continue;
      const form = registry.get(formId, version);
      const itemIds = itemIdsOf(form.schema, form.uiSchema);
      const built = new Map<number, QuestionnaireDefinition>();
      for (const [scoringVersion, scoring] of byScoring) {
        built.set(scoringVersion, {
          id,
          formId,
          version,
          scoringVersion,
          meta,
          scoring,
          itemIds,
          schema: form.schema,
          uiSchema: form.uiSchema,
        });
      }
      const versions = definitions.get(id) ?? new Map<number, Map<number, QuestionnaireDefinition>>();
      versions.set(version, built);
      definitions.set(id, versions);
    }
  }

  const ascending = (keys: Iterable<number> | undefined) => [...(keys ?? [])].sort((a, b) => a - b);
  const sortedIds = [...definitions.keys()].sort();
  const versions = (id: string) => ascending(definitions.get(id)?.keys());
  const scoringVersions = (id: string, version: number) =>
    ascending(definitions.get(id)?.get(version)?.keys());
  const get = (id: string, version?: number, scoringVersion?: number) => {
    const chosen = version ?? Math.max(...versions(id));
    const byScoring = definitions.get(id)?.get(chosen);
    if (!byScoring) throw new FormNotFoundError(questionnaireFormId(id), version);
    const scoring = scoringVersion ?? Math.max(...byScoring.keys());
    const definition = byScoring.get(scoring);
    if (!definition) throw new ScoringVersionNotFoundError(id, chosen, scoring);
    return definition;
  };
  return {
    list: () => sortedIds.map((id) => get(id)),
    get,
    has: (id, version, scoringVersion) => {
      const byVersion = definitions.get(id);
      if (byVersion === undefined) return false;
      if (version === undefined) return true;
      const byScoring = byVersion.get(version);
      return byScoring !== undefined && (scoringVersion === undefined || byScoring.has(scoringVersion));
    },
    versions,
    scoringVersions,
  };
}
