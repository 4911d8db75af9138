/**
 * Questionnaire checks of check:forms (ADR 080, 109): `questionnaire.json` and each scoring file against our
 * meta-schemas, then what a meta-schema cannot see: items the form lacks, options without a score, bands with
 * a gap or overlap, conditions naming unknown or later items or comparing an item with a value it cannot take,
 * items neither required nor marked optional (ADR 107), and the words of scales, bands and flags.
 */
import type Ajv from 'ajv';
import type { ErrorObject } from 'ajv';
import { checkCases } from './check-cases';
import { type Audience, checkScaleFormat, checkScoringFormat, soundComposite } from './check-scales';
import { getPath, isNode, type Problem } from './check-walk';
import type { Resources } from './locales';
import { questionnaireFormId, scoringFileName, scoringFileOf } from './questionnaires/catalog';
import { inspectCondition } from './questionnaires/conditions';
import { conditionTypeProblems, requiredItemProblems } from './questionnaires/item-rules';
import { groupsOf, itemIdsOf, optionValuesOf } from './questionnaires/items';
import questionnaireMetaSchema from './questionnaires/meta/questionnaire.schema.json';
import scoringMetaSchema from './questionnaires/meta/scoring.schema.json';
import { hundredths, optionScores, scaleRange, wholeNumberScale } from './questionnaires/scoring';
import {
  type BandDefinition,
  bandLabelKey,
  CRISIS_KEY,
  flagLabelKey,
  type ScaleDefinition,
  type ScoringDefinition,
  scaleLabelKey,
} from './questionnaires/types';
import { RESPONDENT_VAR } from './questionnaires/visibility';
import type { FormRegistry, SchemaFiles } from './registry';
import { schemaPath } from './registry';
import { type FormDefinition, LANGS } from './types';

const FOLDER_FILE = /^questionnaires\/(?<id>[^/]+)\/(?<name>[^/]+)$/;

// what each oneOf of the scoring meta-schema asks, in the author's words
const ONE_OF = {
  items: 'needs exactly one of responseSet or options',
  scales: 'needs exactly one of items or scales (a composite scale)',
  flags:
    'a flag is exactly one of {id, item, scoreAtLeast}, {id, scale, atLeast, on?} or {id, when}, each with an optional alert: urgent, review or none (ADR 122, 166)',
};
const oneOfAt = (schemaPath: string): keyof typeof ONE_OF =>
  schemaPath.includes('/flags/') ? 'flags' : schemaPath.includes('/scales/') ? 'scales' : 'items';

/** An Ajv error as a check:forms problem: `/scales/0/min` becomes `$.scales[0].min`. */
function problemOf(file: string, error: ErrorObject): Problem {
  const path = `$${error.instancePath
    .split('/')
    .slice(1)
    .map((part) =>
      /^[0-9]+$/.test(part) ? `[${part}]` : `.${part.replaceAll('~1', '/').replaceAll('~0', '~')}`,
    )
    .join('')}`;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required')
    return { file, path: `${path}.${String(params.missingProperty)}`, message: 'is required' };
  if (error.keyword === 'additionalProperties')
    return { file, path: `${path}.${String(params.additionalProperty)}`, message: 'is not a known property' };
  if (error.keyword === 'oneOf') return { file, path, message: ONE_OF[oneOfAt(error.schemaPath)] };
  if (error.keyword === 'enum')
    return { file, path, message: `must be one of ${(params.allowedValues as unknown[]).join(', ')}` };
  return { file, path, message: error.message ?? error.keyword };
}

function validateFile(validate: ReturnType<Ajv['compile']>, file: string, content: unknown): Problem[] {
  if (validate(content)) return [];
  // a oneOf's branches explain themselves badly: keep the oneOf's own message only
  const errors = (validate.errors ?? []).filter((e) => !e.schemaPath.includes('/oneOf/'));
  return errors.map((e) => problemOf(file, e));
}

const fmt = (n: number) => String(n);

/** Bands cover the scale's range in order, meeting with no gap or overlap (step 1 for sums, else 0.01). */
function checkBands(
  scoring: ScoringDefinition,
  scale: ScaleDefinition,
  bands: readonly BandDefinition[],
  at: string,
  file: string,
): Problem[] {
  const problems: Problem[] = [];
  const step = wholeNumberScale(scoring, scale) ? 100 : 1;
  const range = scaleRange(scoring, scale);
  const ids = new Set<string>();
  bands.forEach((band, j) => {
    const path = `${at}[${j}]`;
    if (ids.has(band.id))
      problems.push({ file, path: `${path}.id`, message: `duplicate band id: ${band.id}` });
    ids.add(band.id);
    if (step === 100 && (!Number.isInteger(band.min) || !Number.isInteger(band.max)))
      problems.push({ file, path, message: 'a sum is a whole number: its bands use whole numbers' });
    if (band.min > band.max)
      problems.push({ file, path, message: `min ${band.min} is above max ${band.max}` });
    const previous = bands[j - 1];
    if (previous) {
      const expected = hundredths(previous.max) + step;
      const actual = hundredths(band.min);
      if (actual > expected)
        problems.push({
          file,
          path: `${path}.min`,
          message: `gap between bands ${previous.id} and ${band.id}: no band covers ${fmt(expected / 100)} to ${fmt((actual - step) / 100)} (ADR 080)`,
        });
      else if (actual < expected)
        problems.push({
          file,
          path: `${path}.min`,
          message: `overlap between bands ${previous.id} and ${band.id}: both cover ${fmt(actual / 100)} to ${fmt(hundredths(previous.max) / 100)} (ADR 080)`,
        });
    }
  });
  const first = bands[0];
  const last = bands.at(-1);
  if (first && hundredths(first.min) !== hundredths(range.min))
    problems.push({
      file,
      path: `${at}[0].min`,
      message: `bands start at ${first.min} but the scale's lowest score is ${range.min} (ADR 080)`,
    });
  if (last && hundredths(last.max) !== hundredths(range.max))
    problems.push({
      file,
      path: `${at}[${bands.length - 1}].max`,
      message: `bands end at ${last.max} but the scale's highest score is ${range.max} (ADR 080)`,
    });
  return problems;
}

/**
 * A condition comparing who answers (`{"var": "_respondent"}`) with a respondent the questionnaire does not name
 * can never hold: the item it shows would be shown to nobody.
 */
function respondentProblems(condition: unknown, respondents: readonly string[], at: string) {
  const problems: { path: string; message: string }[] = [];
  const isRespondentVar = (n: unknown) =>
    isNode(n) && Object.keys(n).length === 1 && n.var === RESPONDENT_VAR;
  const refuse = (value: unknown, path: string) => {
    if (typeof value === 'object' || respondents.includes(value as string)) return;
    problems.push({
      path,
      message: `compares who answers with ${JSON.stringify(value)}, not a respondent of questionnaire.json (${respondents.join(', ')})`,
    });
  };
  const visit = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      for (const [i, n] of node.entries()) visit(n, `${path}[${i}]`);
      return;
    }
    if (!isNode(node) || Object.keys(node).length !== 1) return;
    const op = Object.keys(node)[0]!;
    const args = Array.isArray(node[op]) ? (node[op] as unknown[]) : [node[op]];
    if ((op === '==' || op === '!=') && args.length === 2)
      for (const [i, j] of [
        [0, 1],
        [1, 0],
      ] as const)
        if (isRespondentVar(args[i])) refuse(args[j], `${path}.${op}[${j}]`);
    if (op === 'in' && isRespondentVar(args[0]) && Array.isArray(args[1]))
      for (const [k, value] of args[1].entries()) refuse(value, `${path}.in[1][${k}]`);
    if (op !== 'var') for (const [i, arg] of args.entries()) visit(arg, `${path}.${op}[${i}]`);
  };
  visit(condition, at);
  return problems;
}

/** What the scoring file says against the form it scores. */
function checkScoring(
  scoring: ScoringDefinition,
  form: FormDefinition,
  file: string,
  audience: Audience,
): Problem[] {
  const { respondents } = audience;
  const problems: Problem[] = [];
  const itemIds = itemIdsOf(form.schema, form.uiSchema);
  const known = new Set(itemIds);
  const lacks = (path: string, item: string) =>
    problems.push({ file, path, message: `names an item the schema lacks: ${item}` });

  for (const [item, entry] of Object.entries(scoring.items)) {
    const at = `$.items.${item}`;
    if (!known.has(item)) {
      lacks(at, item);
      continue;
    }
    if (entry.responseSet !== undefined && !scoring.responseSets?.[entry.responseSet]) {
      problems.push({
        file,
        path: `${at}.responseSet`,
        message: `names an unknown response set: ${entry.responseSet}`,
      });
      continue;
    }
    const values = optionValuesOf(form.schema, item);
    if (!values) {
      problems.push({ file, path: at, message: `the item offers no options (enum) to score: ${item}` });
      continue;
    }
    const table = optionScores(scoring, entry);
    for (const value of values)
      if (!Object.hasOwn(table, value))
        problems.push({ file, path: at, message: `option without a score: ${value}` });
    for (const value of Object.keys(table))
      if (!values.includes(value))
        problems.push({ file, path: at, message: `scores an option the schema lacks: ${value}` });
  }

  const scaleIds = new Set<string>();
  scoring.scales.forEach((scale, i) => {
    const at = `$.scales[${i}]`;
    if (scaleIds.has(scale.id))
      problems.push({ file, path: `${at}.id`, message: `duplicate scale id: ${scale.id}` });
    scaleIds.add(scale.id);
    let sound = soundComposite(scoring, scale);
    const items = scale.items ?? [];
    items.forEach((item, j) => {
      if (!known.has(item)) {
        lacks(`${at}.items[${j}]`, item);
        sound = false;
      } else if (!scoring.items[item]) {
        problems.push({
          file,
          path: `${at}.items[${j}]`,
          message: `names an item without option scores: ${item}`,
        });
        sound = false;
      }
    });
    if (scale.scales && scale.minAnswered > scale.scales.length)
      problems.push({
        file,
        path: `${at}.minAnswered`,
        message: `is more than the composite's ${scale.scales.length} scale(s)`,
      });
    else if (!scale.scales && scale.minAnswered > items.length)
      problems.push({
        file,
        path: `${at}.minAnswered`,
        message: `is more than the scale's ${items.length} item(s)`,
      });
    if (sound && (scale.bandsOn ?? 'raw') === 'raw')
      problems.push(...checkBands(scoring, scale, scale.bands, `${at}.bands`, file));
    for (const [respondent, own] of Object.entries(scale.respondents ?? {}))
      if (sound && own?.bands && (own.bandsOn ?? scale.bandsOn ?? 'raw') === 'raw')
        problems.push(
          ...checkBands(scoring, scale, own.bands, `${at}.respondents.${respondent}.bands`, file),
        );
    problems.push(...checkScaleFormat(scoring, scale, i, audience, file, sound));
  });

  const flagIds = new Set<string>();
  (scoring.flags ?? []).forEach((flag, i) => {
    const at = `$.flags[${i}]`;
    if (flagIds.has(flag.id))
      problems.push({ file, path: `${at}.id`, message: `duplicate flag id: ${flag.id}` });
    flagIds.add(flag.id);
    if (flag.item === undefined) return;
    if (!known.has(flag.item)) lacks(`${at}.item`, flag.item);
    else if (!scoring.items[flag.item])
      problems.push({
        file,
        path: `${at}.item`,
        message: `names an item without option scores: ${flag.item}`,
      });
  });

  problems.push(...checkScoringFormat(scoring, file));
  (scoring.flags ?? []).forEach((flag, i) => {
    if (flag.when !== undefined)
      for (const p of respondentProblems(flag.when, respondents, `$.flags[${i}].when`))
        problems.push({ file, ...p });
  });

  const groups = groupsOf(form.uiSchema);
  const position = (item: string) => itemIds.indexOf(item);
  const checkCondition = (condition: unknown, at: string, firstItem: string | undefined) => {
    const { vars, problems: shape } = inspectCondition(condition, at);
    for (const p of shape) problems.push({ file, ...p });
    for (const p of conditionTypeProblems(condition, form.schema, at)) problems.push({ file, ...p });
    for (const p of respondentProblems(condition, respondents, at)) problems.push({ file, ...p });
    for (const v of vars) {
      if (v.name === RESPONDENT_VAR) continue;
      if (!known.has(v.name))
        problems.push({ file, path: v.path, message: `condition names an unknown item: ${v.name}` });
      else if (firstItem !== undefined && position(v.name) >= position(firstItem))
        problems.push({
          file,
          path: v.path,
          message: `condition names an item that is not shown before it: ${v.name} (ADR 081)`,
        });
    }
  };
  for (const [item, condition] of Object.entries(scoring.showIf?.items ?? {})) {
    if (!known.has(item)) lacks(`$.showIf.items.${item}`, item);
    else checkCondition(condition, `$.showIf.items.${item}`, item);
  }
  for (const [group, condition] of Object.entries(scoring.showIf?.groups ?? {})) {
    const members = groups.get(group);
    if (!members)
      problems.push({
        file,
        path: `$.showIf.groups.${group}`,
        message: `names a group the UI schema lacks: ${group}`,
      });
    else {
      const first = itemIds.find((item) => members.includes(item));
      checkCondition(condition, `$.showIf.groups.${group}`, first);
    }
  }
  return problems;
}

/** The words a scoring file needs in each language, beside the form's own words. */
function checkWords(id: string, scoring: ScoringDefinition, resources: Resources): Problem[] {
  const problems: Problem[] = [];
  const ns = questionnaireFormId(id);
  for (const lang of LANGS) {
    const words = resources[lang][ns];
    if (!words) continue; // the form checks report the missing file
    const file = `locales/${lang}/${ns}.json`;
    const need = (key: string, why: string) => {
      if (typeof getPath(words, key) !== 'string')
        problems.push({ file, path: key, message: `missing key (${why})` });
    };
    need('_form.description', 'questionnaire description');
    need('_form.instructions', 'instructions');
    need('_licence.notice', 'licence notice');
    for (const scale of scoring.scales) {
      need(scaleLabelKey(scale.id), 'scale name');
      const bandSets = [scale.bands, ...Object.values(scale.respondents ?? {}).map((r) => r?.bands ?? [])];
      const bandIds = new Set(bandSets.flatMap((bands) => bands.map((b) => b.id)));
      for (const band of bandIds) need(bandLabelKey(scale.id, band), 'band label');
    }
    for (const flag of scoring.flags ?? []) need(flagLabelKey(flag.id), 'flag text');
    // a respondent whose answer raised a flag is shown these words on the thank-you page (ADR 108)
    if ((scoring.flags ?? []).length > 0) need(CRISIS_KEY, 'help text shown when a critical item is raised');
  }
  return problems;
}

/** Every questionnaire folder: metadata, scoring versions per form version (ADR 109), sound scoring and its words. */
export function checkQuestionnaires(
  schemaFiles: SchemaFiles,
  registry: FormRegistry,
  resources: Resources,
  ajv: Ajv,
): Problem[] {
  const problems: Problem[] = [];
  const validateMeta = ajv.compile(questionnaireMetaSchema);
  const validateScoring = ajv.compile(scoringMetaSchema);
  const folders = new Map<string, Map<string, unknown>>();
  for (const [key, content] of Object.entries(schemaFiles)) {
    const match = FOLDER_FILE.exec(schemaPath(key))?.groups;
    if (!match) continue;
    const files = folders.get(match.id!) ?? new Map<string, unknown>();
    files.set(match.name!, content);
    folders.set(match.id!, files);
  }

  for (const [id, files] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
    const dir = `schemas/questionnaires/${id}`;
    const formId = questionnaireFormId(id);
    const metaFile = `${dir}/questionnaire.json`;
    const meta = files.get('questionnaire.json');
    if (meta === undefined)
      problems.push({
        file: metaFile,
        path: '$',
        message: 'missing: a questionnaire declares respondents, ages, minutes and its licence here',
      });
    else {
      problems.push(...validateFile(validateMeta, metaFile, meta));
      const ages = isNode(meta) && isNode(meta.ageRange) ? meta.ageRange : {};
      if (typeof ages.min === 'number' && typeof ages.max === 'number' && ages.min > ages.max)
        problems.push({ file: metaFile, path: '$.ageRange', message: 'min is above max' });
      const respondents = isNode(meta) && Array.isArray(meta.respondents) ? meta.respondents : [];
      const helpFor = isNode(meta) && Array.isArray(meta.helpFor) ? meta.helpFor : [];
      helpFor.forEach((who, i) => {
        if (!respondents.includes(who))
          problems.push({
            file: metaFile,
            path: `$.helpFor[${i}]`,
            message: `names ${JSON.stringify(who)}, who does not answer this questionnaire (respondents: ${respondents.join(', ')})`,
          });
      });
    }

    const audience: Audience = {
      respondents: isNode(meta) && Array.isArray(meta.respondents) ? meta.respondents : [],
      ageRange:
        isNode(meta) && isNode(meta.ageRange) && typeof meta.ageRange.min === 'number'
          ? (meta.ageRange as Audience['ageRange'])
          : { min: 0, max: -1 },
    };

    // form version -> scoring version -> the files claiming it (two claims: the older single file beside a named one)
    const scoringFiles = new Map<number, Map<number, string[]>>();
    for (const [name, content] of files) {
      const found = scoringFileOf(`questionnaires/${id}/${name}`, content);
      if (!found) continue;
      const file = `${dir}/${name}`;
      if (!registry.has(formId, found.version)) {
        problems.push({ file, path: '$', message: 'scoring file without a schema file beside it' });
        continue;
      }
      const inside = isNode(content) ? content.version : undefined;
      if (!found.legacy && inside !== found.scoringVersion) {
        problems.push({
          file,
          path: '$.version',
          message: `must be ${found.scoringVersion}, the scoring version the file name gives (ADR 109)`,
        });
      }
      if (found.scoringVersion === undefined) {
        problems.push(...validateFile(validateScoring, file, content)); // it says what "version" lacks
        continue;
      }
      const byScoring = scoringFiles.get(found.version) ?? new Map<number, string[]>();
      byScoring.set(found.scoringVersion, [...(byScoring.get(found.scoringVersion) ?? []), name]);
      scoringFiles.set(found.version, byScoring);
    }
    for (const version of registry.versions(formId)) {
      const form = registry.get(formId, version);
      const itemFiles = { schema: `${dir}/v${version}.schema.json`, ui: `${dir}/v${version}.ui.json` };
      problems.push(
        ...requiredItemProblems(form.schema, form.uiSchema, itemIdsOf(form.schema, form.uiSchema), itemFiles),
      );
      const byScoring = scoringFiles.get(version);
      if (!byScoring) {
        problems.push({
          file: `${dir}/${scoringFileName(version, 1)}`,
          path: '$',
          message: `missing: form version ${version} has no scoring file`,
        });
        continue;
      }
      for (const [scoringVersion, names] of [...byScoring].sort(([a], [b]) => a - b)) {
        const [name, ...others] = names.sort().reverse(); // the named file sorts after the older single file
        for (const other of others)
          problems.push({
            file: `${dir}/${other}`,
            path: '$.version',
            message: `scoring version ${scoringVersion} is also in ${name}: keep one file per scoring version (ADR 109)`,
          });
        const file = `${dir}/${name}`;
        const scoring = files.get(name!);
        const shape = validateFile(validateScoring, file, scoring);
        problems.push(...shape);
        if (shape.length > 0) continue;
        const sound = scoring as ScoringDefinition;
        problems.push(
          ...checkScoring(sound, registry.get(formId, version), file, audience),
          ...checkWords(id, sound, resources),
        );
      }
    }
  }
  problems.push(...checkCases(schemaFiles, ajv));
  return problems;
}
