import type { Engine } from '../../forms/engine';
import {
  itemScore,
  optionValuesOf,
  type QuestionnaireCatalog,
  type QuestionnaireDefinition,
} from '../../forms/questionnaires';
import { labelsWithRange } from '../../forms/questionnaires/change';
import type { Lang } from '../../forms/types';
import { type AnswerExport, type AnswerExportFormat, bandGapOf, type PointChange } from '../../shared';
import { notFound } from '../errors';
import { localDate, localDateTime } from '../local-time';
import type { ClientService } from './client-service';
import { initialsOf } from './client-service';
import { csvDialect, toCsv } from './csv';
import type { ResponseRecord, ResponseStore } from './response-store';

type Item = AnswerExport['items'][number];
type Scale = AnswerExport['scales'][number];
type ScaleAnswer = AnswerExport['responses'][number]['scales'][string];
type Cell = string | number | null;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A free-text answer: an item without options whose answer is text. It may name people and places, so it leaves
 * only when the practitioner asks (ADR 130).
 */
function isFreeText(def: QuestionnaireDefinition, item: string): boolean {
  const properties = isPlainObject(def.schema.properties) ? def.schema.properties : {};
  const property = properties[item];
  return (
    optionValuesOf(def.schema, item) === undefined && isPlainObject(property) && property.type === 'string'
  );
}

/**
 * The item columns: the newest version's items in its order, then items only older versions have (newest of
 * those first), each described by the newest version that has it.
 */
function itemsOf(engine: Engine, defs: QuestionnaireDefinition[], lang: Lang, freeText: boolean): Item[] {
  const newestFirst = [...defs].sort((a, b) => b.version - a.version);
  const items = new Map<string, Item>();
  for (const def of newestFirst) {
    for (const id of def.itemIds) {
      const known = items.get(id);
      if (known) {
        if (!known.versions.includes(def.version)) known.versions.push(def.version);
        known.scored ||= def.scoring.items[id] !== undefined;
        continue;
      }
      items.set(id, {
        id,
        label: engine.translate(lang, def.formId, `${id}.label`) ?? id,
        freeText: isFreeText(def, id),
        versions: [def.version],
        scored: def.scoring.items[id] !== undefined,
      });
    }
  }
  return [...items.values()].filter((item) => freeText || !item.freeText);
}

/** The words of a point's change labels in the practitioner's language (ADR 127); null without labels. */
function changeWordsOf(engine: Engine, lang: Lang, change: PointChange | null) {
  if (change === null) return null;
  const word = (key: string | null) =>
    key === null ? null : engine.t(lang, 'questionnaires', `change.${key}`);
  return {
    ...change,
    labels: {
      sinceFirst: word(change.sinceFirst),
      sincePrevious: word(change.sincePrevious),
      clinical: word(change.clinical === null ? null : change.clinical ? 'clinical' : 'typical'),
      crossed: word(change.crossed),
    },
  };
}

/**
 * Item-level export (ADR 130): per client and questionnaire, every submitted response of record with each item's
 * answer (option label in the response's language, option score as scored) beside the scale scores, bands, normed
 * scores and change labels of the results; as JSON with stable keys, or as a CSV of one row per response.
 */
export function createAnswerExport(deps: {
  engine: Engine;
  catalog: QuestionnaireCatalog;
  store: ResponseStore;
  clients: ClientService;
  now?: () => Date;
}) {
  const { engine, catalog, store, clients } = deps;
  const now = deps.now ?? (() => new Date());

  /** The export as data; 404 for another's or a deleted client, and when nothing of record was submitted. */
  async function build(
    practitionerId: string,
    clientId: string,
    questionnaireId: string,
    options: { lang: Lang; freeText: boolean },
  ): Promise<AnswerExport> {
    const { lang, freeText } = options;
    const view = await clients.view(practitionerId, clientId);
    const results = view.results.find((r) => r.questionnaireId === questionnaireId);
    if (!results) throw notFound();
    const ofRecord = new Set(results.responses.map((r) => r.id));
    const records = (await store.submittedWithAnswers(practitionerId, clientId, questionnaireId)).filter(
      (r) => ofRecord.has(r.id),
    );
    const defs = new Map<string, QuestionnaireDefinition>();
    for (const r of records) {
      const key = `${r.questionnaireVersion}/${r.scoringVersion}`;
      if (!defs.has(key) && catalog.has(questionnaireId, r.questionnaireVersion, r.scoringVersion))
        defs.set(key, catalog.get(questionnaireId, r.questionnaireVersion, r.scoringVersion));
    }
    const formId = `questionnaires/${questionnaireId}`;
    const items = itemsOf(engine, [...defs.values()], lang, freeText);
    const shown = new Set(items.map((i) => i.id));
    const scales: Scale[] = results.scales.map((series) => ({
      id: series.id,
      label: engine.t(lang, formId, series.labelKey),
      normed: records.some((r) => r.result?.scales.some((s) => s.id === series.id && s.normed !== undefined)),
      change: series.change !== null,
    }));

    const responseOf = (record: ResponseRecord) => {
      const def = defs.get(`${record.questionnaireVersion}/${record.scoringVersion}`);
      const optionLabel = engine.translateFor(record.respondent);
      const answers: Record<string, AnswerExport['responses'][number]['answers'][string]> = {};
      for (const id of def?.itemIds ?? []) {
        if (!shown.has(id)) continue;
        const value = record.answers[id];
        if (value === undefined || value === null || !def) {
          answers[id] = null;
          continue;
        }
        const hasOptions = optionValuesOf(def.schema, id) !== undefined;
        answers[id] = {
          value: value as string | number | boolean,
          label: hasOptions
            ? (optionLabel(record.language, formId, `${id}.options.${String(value)}`) ?? String(value))
            : null,
          score: def.scoring.items[id] ? (itemScore(def.scoring, id, value) ?? null) : null,
        };
      }
      const scaleAnswers: Record<string, ScaleAnswer> = {};
      for (const series of results.scales) {
        const point = series.points.find((p) => p.responseId === record.id);
        const scored = record.result?.scales.find((s) => s.id === series.id);
        if (!point || !scored) continue;
        scaleAnswers[series.id] = {
          score: point.score,
          band: point.band ? { id: point.band.id, label: engine.t(lang, formId, point.band.labelKey) } : null,
          t: scored.normed?.t ?? null,
          percentile: scored.normed?.percentile ?? null,
          // an informant's first score says its range too
          change: changeWordsOf(engine, lang, labelsWithRange(series.change, point.score, point.change)),
        };
      }
      return {
        id: record.id,
        submittedAt: record.submittedAt!.toISOString(),
        questionnaireVersion: record.questionnaireVersion,
        scoringVersion: record.scoringVersion,
        language: record.language,
        respondent: record.respondent
          ? {
              id: record.respondent,
              label: engine.t(lang, 'questionnaires', `respondents.${record.respondent}`),
            }
          : null,
        replaces: record.replacesId,
        answers,
        scales: scaleAnswers,
        flags: (record.result?.flags ?? []).map((f) => ({
          id: f.id,
          label: engine.t(lang, formId, f.labelKey),
        })),
      };
    };

    return {
      exportedAt: now().toISOString(),
      language: lang,
      freeText,
      client: { id: view.id, name: view.name },
      questionnaire: { id: questionnaireId, title: engine.t(lang, formId, '_form.title') },
      items,
      scales,
      responses: records.map(responseOf),
    };
  }

  return {
    build,

    /** The export as a file: its name (ASCII, the client's initials only) and its text. */
    async file(
      practitionerId: string,
      clientId: string,
      questionnaireId: string,
      options: { lang: Lang; freeText: boolean; format: AnswerExportFormat },
    ): Promise<{ name: string; text: string }> {
      const data = await build(practitionerId, clientId, questionnaireId, options);
      const say = (key: string, params?: Record<string, unknown>) =>
        engine.t(options.lang, 'questionnaires', key, params);
      const name = `${say('answerExport.fileName')}-${questionnaireId}-${initialsOf(data.client.name)}-${localDate(now())}.${options.format}`;
      const text =
        options.format === 'json'
          ? `${JSON.stringify(data, null, 2)}\n`
          : toCsv(answerRows(data, say), csvDialect(options.lang));
      return { name, text };
    },
  };
}

export type AnswerExportService = ReturnType<typeof createAnswerExport>;

/** Words of the practitioner's language by a key of the `questionnaires` namespace. */
export type Say = (key: string, params?: Record<string, unknown>) => string;

/**
 * The CSV of an export: one row per response. First who and when, then per scale its score (T-score and
 * percentile when the scale has norms), band and (when the scale has change criteria) its change labels, the
 * flags, and per item its answer's label and, for a scored item, its score. Times are Istanbul's (ADR 114).
 */
export function answerRows(data: AnswerExport, say: Say): Cell[][] {
  const of = (scale: Scale, what: string) =>
    say('answerExport.columns.scaleValue', { scale: scale.label, what });
  const header: Cell[] = [
    'csv.client',
    'csv.questionnaire',
    'csv.version',
    'csv.scoringVersion',
    'csv.submittedAt',
    'csv.language',
    'csv.respondent',
    'answerExport.columns.correction',
  ].map((key) => say(key));
  for (const scale of data.scales) {
    header.push(of(scale, say('csv.score')));
    if (scale.normed) header.push(of(scale, say('csv.tScore')), of(scale, say('csv.percentile')));
    header.push(of(scale, say('csv.band')));
    if (scale.change)
      header.push(
        of(scale, say('change.sinceFirst')),
        of(scale, say('change.sincePrevious')),
        of(scale, say('answerExport.columns.range')),
        of(scale, say('answerExport.columns.crossed')),
      );
  }
  header.push(say('csv.flags'));
  for (const item of data.items) {
    header.push(item.id);
    if (item.scored) header.push(say('answerExport.columns.itemScore', { item: item.id }));
  }

  const rows = data.responses.map((response) => {
    const row: Cell[] = [
      data.client.name,
      data.questionnaire.title,
      response.questionnaireVersion,
      response.scoringVersion,
      localDateTime(new Date(response.submittedAt)),
      say(`languages.${response.language}`),
      response.respondent?.label ?? null,
      response.replaces ? say('answerExport.yes') : null,
    ];
    for (const scale of data.scales) {
      const at = response.scales[scale.id];
      row.push(at?.score ?? null);
      if (scale.normed) row.push(at?.t ?? null, at?.percentile ?? null);
      // a scale with norms whose score has neither normed score had no norms for this client: its band (read on
      // a normed score) is missing for that reason, not for want of a score
      const gap =
        at &&
        bandGapOf(
          at.score,
          at.band,
          scale.normed && at.t === null && at.percentile === null ? 'noGroup' : undefined,
        );
      row.push(at ? (at.band?.label ?? (gap ? say(`csv.${gap}`) : null)) : null);
      if (scale.change) {
        const labels = at?.change?.labels;
        row.push(
          labels?.sinceFirst ?? null,
          labels?.sincePrevious ?? null,
          labels?.clinical ?? null,
          labels?.crossed ?? null,
        );
      }
    }
    row.push(response.flags.map((f) => f.label).join('; '));
    for (const item of data.items) {
      const answer = response.answers[item.id];
      const shown = answer ? (answer.label ?? answer.value) : null;
      row.push(typeof shown === 'boolean' ? String(shown) : shown);
      if (item.scored) row.push(answer?.score ?? null);
    }
    return row;
  });
  return [header, ...rows];
}
