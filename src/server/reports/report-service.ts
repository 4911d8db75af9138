import type { Engine } from '../../forms/engine';
import { changeCriteriaOf, type QuestionnaireCatalog } from '../../forms/questionnaires';
import type { Lang } from '../../forms/types';
import type { ChangeReport, ChangeReportQuery } from '../../shared';
import { validationFailed } from '../errors';
import { localDate, localDateTime } from '../local-time';
import { csvDialect, toCsv } from '../questionnaires/csv';
import { countOutcomes, outcomeOf } from './outcome';
import { periodOf } from './period';
import type { Counted, CountedQuery, ReportStore } from './report-store';

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
  /** The first and last response of a client in which the scale was scored; undefined when none was. */
  function scoredEnds(responses: Counted[], scaleId: string) {
    const scored = responses.flatMap((response) => {
      const score = response.result?.scales.find((s) => s.id === scaleId)?.score ?? null;
      return score === null ? [] : [{ response, score }];
    });
    const first = scored[0];
    const last = scored[scored.length - 1];
    return first && last ? { first, last: last === first ? null : last } : undefined;
  }

  /**
   * Each client's counted responses: first the two ends of every client's, then, for the few whose ends were not
   * scored on the scale, all of theirs.
   */
  async function countedByClient(practitionerId: string, query: CountedQuery, scaleId: string) {
    const byClient = new Map<string, Counted[]>();
    for (const response of await store.counted(practitionerId, query, 1)) {
      byClient.set(response.intakeId, [...(byClient.get(response.intakeId) ?? []), response]);
    }
    const deeper = [...byClient.entries()]
      .filter(([, ends]) => {
        const total = ends[0]!.total;
        const unscored = ends.some(
          (end) => !end.result?.scales.some((s) => s.id === scaleId && s.score !== null),
        );
        return unscored && total > ends.length;
      })
      .map(([id]) => id);
    if (deeper.length > 0) {
      for (const id of deeper) byClient.set(id, []);
      for (const response of await store.counted(practitionerId, query, null, deeper)) {
        byClient.get(response.intakeId)!.push(response);
      }
    }
    return byClient;
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

    const byClient = await countedByClient(
      practitionerId,
      { questionnaireId: definition.id, respondent, start: period.start, end: period.end },
      scale.id,
    );
    const criteria = changeCriteriaOf(scale);
    const scored = [...byClient.entries()].flatMap(([id, responses]) => {
      const ends = scoredEnds(responses, scale.id);
      return ends ? [[id, ends] as const] : [];
    });
    const names = await store.names(
      practitionerId,
      scored.map(([id]) => id),
    );
    const clients = scored
      .filter(([id]) => names.has(id))
      .map(([clientId, { first, last }]) => {
        const at = (end: typeof first) => ({
          responseId: end.response.id,
          submittedAt: end.response.submittedAt.toISOString(),
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

    /** The questionnaires of the catalogue that have scores to report, the most recently answered first. */
    async answered(practitionerId: string): Promise<string[]> {
      return (await store.answered(practitionerId)).filter((id) => catalog.has(id));
    },

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
