/**
 * check:forms against the published JSON Schemas of a questionnaire's files (ADR 123): each `v<N>.schema.json`,
 * `v<N>.ui.json` and locale file is validated with the schema an editor reads through the file's `"$schema"`,
 * and a `"$schema"` that would send the editor to another schema is named. `questionnaire.json` and the scoring
 * files are validated by the questionnaire checks (check-questionnaires.ts) with theirs.
 */
import type Ajv from 'ajv';
import type { ErrorObject } from 'ajv';
import { isNode, type Problem } from './check-walk';
import type { LocaleFiles } from './locales';
import { localePath } from './locales';
import formMetaSchema from './questionnaires/meta/form.schema.json';
import localeMetaSchema from './questionnaires/meta/locale.schema.json';
import uiMetaSchema from './questionnaires/meta/ui.schema.json';
import type { SchemaFiles } from './registry';
import { schemaPath } from './registry';
import { SCHEMA_REF } from './schema-ref';

/** Where the authoring schemas are published, relative to the repository. */
export const AUTHORING_SCHEMAS_DIR = 'src/forms/questionnaires/meta';

/** One kind of authoring file: where it sits (path from the repository root) and the schema that describes it. */
interface FileKind {
  path: RegExp;
  schemaFile: string;
  /** The schema check:forms validates with here; the questionnaire checks validate the others. */
  schema?: object;
}

const ID = '[^/]+';
const FILE_KINDS: FileKind[] = [
  {
    path: new RegExp(`^schemas/questionnaires/${ID}/questionnaire\\.json$`),
    schemaFile: 'questionnaire.schema.json',
  },
  {
    path: new RegExp(`^schemas/questionnaires/${ID}/v[1-9][0-9]*\\.schema\\.json$`),
    schemaFile: 'form.schema.json',
    schema: formMetaSchema,
  },
  {
    path: new RegExp(`^schemas/questionnaires/${ID}/v[1-9][0-9]*\\.ui\\.json$`),
    schemaFile: 'ui.schema.json',
    schema: uiMetaSchema,
  },
  {
    path: new RegExp(`^schemas/questionnaires/${ID}/v[1-9][0-9]*\\.scoring(\\.v[1-9][0-9]*)?\\.json$`),
    schemaFile: 'scoring.schema.json',
  },
  {
    path: new RegExp(
      `^schemas/questionnaires/${ID}/v[1-9][0-9]*\\.scoring(\\.v[1-9][0-9]*)?\\.cases\\.json$`,
    ),
    schemaFile: 'cases.schema.json',
  },
  {
    path: new RegExp(`^locales/[a-z]{2}/questionnaires/${ID}\\.json$`),
    schemaFile: 'locale.schema.json',
    schema: localeMetaSchema,
  },
];

/** The `"$schema"` a file at `file` (a path from the repository root) gives to reach its schema. */
export function schemaRefFor(file: string): string | undefined {
  const kind = FILE_KINDS.find((k) => k.path.test(file));
  if (!kind) return undefined;
  const up = '../'.repeat(file.split('/').length - 1);
  return `${up}${AUTHORING_SCHEMAS_DIR}/${kind.schemaFile}`;
}

/** `/a/0/b` in `content` as `$.a[0].b`: an index only where the value there is an array. */
function jsonPath(content: unknown, instancePath: string): string {
  let at = '$';
  let node = content;
  for (const raw of instancePath.split('/').slice(1)) {
    const part = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    at += Array.isArray(node) ? `[${part}]` : `.${part}`;
    node = Array.isArray(node) ? node[Number(part)] : isNode(node) ? node[part] : undefined;
  }
  return at;
}

/** An Ajv error of an authoring schema as a check:forms problem: `/w1/ui:widget` becomes `$.w1.ui:widget`. */
export function schemaProblemOf(file: string, content: unknown, error: ErrorObject): Problem {
  const path = jsonPath(content, error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { file, path: `${path}.${String(params.missingProperty)}`, message: 'is required' };
    case 'additionalProperties':
      return {
        file,
        path: `${path}.${String(params.additionalProperty)}`,
        message: 'is not a known property here (see the file\'s "$schema")',
      };
    case 'propertyNames':
      return {
        file,
        path: `${path}.${String(params.propertyName)}`,
        message: 'is not a valid id: a letter, then letters, digits or _',
      };
    case 'enum':
      return { file, path, message: `must be one of ${(params.allowedValues as unknown[]).join(', ')}` };
    case 'const':
      return { file, path, message: `must be ${JSON.stringify(params.allowedValue)}` };
    default:
      return { file, path, message: error.message ?? error.keyword };
  }
}

/** The problems of one file against one compiled schema, one per place. */
function validateWith(validate: ReturnType<Ajv['compile']>, file: string, content: unknown): Problem[] {
  if (validate(content)) return [];
  // a property name's own pattern error repeats what its propertyNames error says
  const errors = (validate.errors ?? []).filter((e) => !e.schemaPath.includes('/propertyNames/'));
  return errors.map((e) => schemaProblemOf(file, content, e));
}

/**
 * Every questionnaire file against its authoring schema, and every `"$schema"` of a questionnaire file naming
 * the schema of its kind by the relative path editors follow.
 */
export function checkAuthoringFiles(schemaFiles: SchemaFiles, localeFiles: LocaleFiles, ajv: Ajv): Problem[] {
  const compiled = new Map<object, ReturnType<Ajv['compile']>>();
  const validatorOf = (schema: object) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.getSchema((schema as { $id: string }).$id) ?? ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate;
  };
  const files: Array<[string, unknown]> = [
    ...Object.entries(schemaFiles).map(([key, content]): [string, unknown] => [
      `schemas/${schemaPath(key)}`,
      content,
    ]),
    ...Object.entries(localeFiles).map(([key, content]): [string, unknown] => [
      `locales/${localePath(key)}`,
      content,
    ]),
  ];
  const problems: Problem[] = [];
  for (const [file, content] of files.sort(([a], [b]) => a.localeCompare(b))) {
    const kind = FILE_KINDS.find((k) => k.path.test(file));
    if (!kind) continue;
    const ref = isNode(content) ? content[SCHEMA_REF] : undefined;
    const expected = schemaRefFor(file);
    if (ref !== undefined && ref !== expected)
      problems.push({
        file,
        path: `$.${SCHEMA_REF}`,
        message: `must be "${expected}": the schema editors check this kind of file with (ADR 123)`,
      });
    if (kind.schema) problems.push(...validateWith(validatorOf(kind.schema), file, content));
  }
  return problems;
}
