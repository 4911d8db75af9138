import type { Engine } from '../../forms/engine';
import { changeCriteriaOf, type QuestionnaireCatalog } from '../../forms/questionnaires';
import type { Lang } from '../../forms/types';
import type { ChangeReport, ChangeReportQuery } from '../../shared';
import { validationFailed } from '../errors';
import { localDate, localDateTime } from '../local-time';
import { csvDialect, toCsv } from '../questionnaires/csv';
import { countOutcomes, outcomeOf } from './outcome';
import { periodOf } from './period';
import type { Candidate, ReportStore } from './report-store';

interface Span {
  responses: Candidate[];
  /** Indexes of the first and last response not yet known to be unscored on the scale. */
  low: number;
  high: number;
  first?: { candidate: Candidate; score: number };
  last?: { candidate: Candidate; score: number };
}

/**
 * The change report over the practitioner's caseload (ADR 129): per client, the first and last score of the scale
 * by one informant in the period, and how many reliably improved, did not change, deteriorated or have one score.
 */
export function createReportService(
  engine: Engine,
  catalog: QuestionnaireCatalog,
  store: ReportStore,
  now: () => Date = () => new Date(),
) {
  /**
   * Opens only what is compared: each client's first and last response, and, where the scale was not scored in
   * one, the next one inward, round by round (results are sealed; opening them all is where the time went).
   */
  async function scoredEnds(practitionerId: string, candidates: Candidate[], scaleId: string) {
    const spans = new Map<string, Span>();
    for (const candidate of candidates) {
      const span = spans.get(candidate.intakeId) ?? { responses: [], low: 0, high: 0 };
      span.responses.push(candidate);
      span.high = span.responses.length - 1;
      spans.set(candidate.intakeId, span);
    }
    const open = () => [...spans.values()].filter((s) => s.low <= s.high && (!s.first || !s.last));
    for (let pending = open(); pending.length > 0; pending = open()) {
      const ids = new Set<string>();
      for (const span of pending) {
        if (!span.first) ids.add(span.responses[span.low]!.id);
        if (!span.last) ids.add(span.responses[span.high]!.id);
      }
      const results = await store.results(practitionerId, [...ids]);
      const scoreOf = (candidate: Candidate) =>
        results.get(candidate.id)?.scales.find((s) => s.id === scaleId)?.score ?? null;
      for (const span of pending) {
        if (!span.first) {
          const candidate = span.responses[span.low]!;
          const score = scoreOf(candidate);
          if (score === null) span.low++;
          else span.first = { candidate, score };
        }
        if (!span.last && span.low <= span.high) {
          const candidate = span.responses[span.high]!;
          const score = scoreOf(candidate);
          if (score === null) span.high--;
          else span.last = { candidate, score };
        }
      }
    }
    return spans;
  }

  async function report(practitionerId: string, query: ChangeReportQuery): Promise<ChangeReport> {
    if (!catalog.has(query.questionnaire))
      throw validationFailed({ questionnaire: { key: 'questionnaires.unknown' } });
    const definition = catalog.get(query.questionnaire);
    const scale = definition.scoring.scales.find((s) => s.id === query.scale);
    if (!scale) throw validationFailed({ scale: { key: 'reports.unknownScale' } });
    const respondents = definition.meta.respondents;
    if (query.respondent !== undefined && !respondents.includes(query.respondent))
      throw validationFailed({ respondent: { key: 'questionnaires.respondentNotAllowed' } });
    // with one respondent every response counts, also those given before who answered was recorded (ADR 125)
    const respondent = respondents.length > 1 ? (query.respondent ?? respondents[0]!) : null;
    const period = periodOf(query, now());
    if ('fields' in period) throw validationFailed(period.fields);

    const candidates = await store.candidates(practitionerId, {
      questionnaireId: definition.id,
      respondent,
      start: period.start,
      end: period.end,
    });
    const spans = await scoredEnds(practitionerId, candidates, scale.id);
    const criteria = changeCriteriaOf(scale);
    const scored = [...spans.entries()].filter(([, span]) => span.first);
    const names = await store.names(
      practitionerId,
      scored.map(([id]) => id),
    );
    const clients = scored
      .filter(([id]) => names.has(id))
      .map(([clientId, span]) => {
        const first = span.first!;
        const last = span.last && span.last.candidate !== first.candidate ? span.last : null;
        const at = (end: typeof first) => ({
          responseId: end.candidate.id,
          submittedAt: end.candidate.submittedAt.toISOString(),
          score: end.score,
        });
        return {
          clientId,
          name: names.get(clientId)!,
          ...outcomeOf(criteria, { first: first.score, last: last?.score ?? null }),
          first: at(first),
          last: last && at(last),
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name, 'tr') || a.clientId.localeCompare(b.clientId));
    return {
      questionnaireId: definition.id,
      version: definition.version,
      scoringVersion: definition.scoringVersion,
      scaleId: scale.id,
      respondent,
      from: period.from,
      to: period.to,
      criteria,
      counts: countOutcomes(criteria, clients),
      clients,
    };
  }

  return {
    report,

    /**
     * The report as a spreadsheet in the practitioner's language and its dialect (ADR 114): one row per client,
     * Istanbul times, the change in words.
     */
    async csv(practitionerId: string, query: ChangeReportQuery, lang: Lang) {
      const data = await report(practitionerId, query);
      const t = (key: string) => engine.t(lang, 'questionnaires', key);
      const def = `questionnaires/${data.questionnaireId}`;
      const scaleLabel = engine.t(lang, def, `_scales.${data.scaleId}.label`);
      const informant = data.respondent ? t(`respondents.${data.respondent}`) : '';
      const header = [
        'client',
        'questionnaire',
        'scale',
        'respondent',
        'firstAt',
        'firstScore',
        'lastAt',
        'lastScore',
        'change',
        'recovered',
      ].map((key) => t(`changeReport.csv.${key}`));
      const rows: Array<Array<string | number | null>> = [header];
      for (const client of data.clients) {
        rows.push([
          client.name,
          engine.t(lang, def, '_form.title'),
          scaleLabel,
          informant,
          localDateTime(new Date(client.first.submittedAt)),
          client.first.score,
          client.last && localDateTime(new Date(client.last.submittedAt)),
          client.last?.score ?? null,
          client.outcome
            ? t(client.outcome === 'singleScore' ? 'changeReport.singleScore' : `change.${client.outcome}`)
            : '',
          client.recovered === null ? null : t(client.recovered ? 'changeReport.yes' : 'changeReport.no'),
        ]);
      }
      const name = `${t('changeReport.csv.fileName')}-${data.questionnaireId}-${data.scaleId}-${localDate(now())}.csv`;
      return { name, text: toCsv(rows, csvDialect(lang)), report: data };
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
