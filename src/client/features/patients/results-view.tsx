import { useTranslation } from 'react-i18next';
import type {
  QuestionnaireDefinition,
  ScaleResult,
  ScoreResult,
  Severity,
} from '../../../forms/questionnaires';
import { Alert } from '../../components/alert';
import { DataTable } from '../../components/data-table';
import { normedScoreText } from '../../forms/questionnaire/normed-score';
import { formatDate } from '../../lib/format-date';
import { useQuestionnaireWords } from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';
import type { QuestionnaireResults, ScaleSeries } from './api/types';
import { bandAreasOf } from './band-areas';
import { formatScore } from './format-score';
import { ScoreChart } from './score-chart';

const SEVERITY_STYLE: Record<Severity, string> = {
  none: 'bg-green-100 text-green-900',
  mild: 'bg-yellow-100 text-yellow-900',
  moderate: 'bg-orange-100 text-orange-900',
  severe: 'bg-red-100 text-red-900',
};

/** A response's stored scores, by response id: where a point's normed score and its gap are read. */
export type ResultsById = ReadonlyMap<string, ScoreResult | null>;

/**
 * One questionnaire's results: flagged answers first, then each scale as a chart and its table, each score with
 * who answered and its normed score (from `scored`, the responses' stored results) or why there is none.
 */
export function ResultsView({
  results,
  definition,
  scored = new Map(),
}: {
  results: QuestionnaireResults;
  definition: QuestionnaireDefinition;
  scored?: ResultsById;
}) {
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  const engine = useQuestionnaireWords(definition);
  const text = (key: string) => engine.t(lang, definition.formId, key);
  const flagged = results.responses.filter((r) => r.flags.length > 0);
  const languages = new Map(results.responses.map((r) => [r.id, r.language]));
  // one informant throughout is said once; several are said on each row (the printed report stays one page)
  const informants = new Set(
    results.scales.flatMap((scale) => scale.points.map((p) => p.respondent ?? null)),
  );
  const onlyInformant = informants.size === 1 ? [...informants][0] : null;
  return (
    <div className="space-y-8 print:space-y-4">
      {onlyInformant && (
        <p data-answered-by>{t('results.answeredBy', { who: t(`respondents.${onlyInformant}`) })}</p>
      )}
      {flagged.length > 0 && (
        <Alert tone="error" role="none" title={t('results.flagsTitle')} className="break-inside-avoid">
          <ul className="list-disc space-y-1 pl-5">
            {flagged.flatMap((response) =>
              response.flags.map((flag) => (
                <li key={`${response.id}-${flag.id}`}>
                  <strong>{text(flag.labelKey)}</strong> ({formatDate(response.submittedAt, lang)})
                </li>
              )),
            )}
          </ul>
        </Alert>
      )}
      {results.scales.map((scale) => (
        <ScaleResults
          key={scale.id}
          scale={scale}
          definition={definition}
          text={text}
          languages={languages}
          scored={scored}
          perRow={informants.size > 1}
        />
      ))}
    </div>
  );
}

function ScaleResults({
  scale,
  definition,
  text,
  languages,
  scored,
  perRow,
}: {
  scale: ScaleSeries;
  definition: QuestionnaireDefinition;
  text: (key: string) => string;
  /** The language each response was given in, by response id. */
  languages: Map<string, string>;
  scored: ResultsById;
  /** Who answered is said on each row: the responses were answered by different informants. */
  perRow: boolean;
}) {
  const { t } = useTranslation('questionnaires');
  const { t: words } = useTranslation('widgets');
  const lang = useLang();
  const scaleOf = (responseId: string): ScaleResult | undefined =>
    scored.get(responseId)?.scales.find((s) => s.id === scale.id);
  const normedOf = (responseId: string) => {
    const found = scaleOf(responseId);
    return found ? normedScoreText(found, words, lang) : { normed: null, gap: null, bandOn: null };
  };
  const name = text(scale.labelKey);
  const latest = scale.points[scale.points.length - 1];
  const latestNormed = latest ? normedOf(latest.responseId) : undefined;
  const informants = scale.points.map((point) => point.respondent ?? null);
  const bands = bandAreasOf(definition, scale.id, informants).map((band) => ({
    ...band,
    label: text(band.labelKey),
  }));
  const headingId = `scale-${scale.id}`;
  const dayMonth = new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    day: 'numeric',
    month: 'short',
  });
  const chart = {
    title: t('results.chartTitle', { scale: name }),
    description: t('results.chartDescription', {
      scale: name,
      count: scale.points.length,
      min: scale.range.min,
      max: scale.range.max,
    }),
    range: scale.range,
    scores: scale.points.map((p) => p.score),
    labels: scale.points.map((p) => dayMonth.format(new Date(p.submittedAt))),
    bands,
    formatValue: (value: number) => formatScore(value, lang),
  };
  return (
    <section aria-labelledby={headingId} data-scale={scale.id} className="break-inside-avoid">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {name}
      </h3>
      {latest && (
        // the table's last row says the same on paper, where room is short
        <p className="mt-1 mb-3 print:hidden">
          {t('results.latest')}{' '}
          <strong data-latest-score>
            {latest.score === null ? t('results.notScored') : formatScore(latest.score, lang)}
          </strong>
          {latest.band && (
            <span
              data-latest-band={latest.band.severity}
              className={`ml-2 inline-block rounded-full px-3 py-0.5 text-sm font-semibold ${SEVERITY_STYLE[latest.band.severity]}`}
            >
              {text(latest.band.labelKey)}
            </span>
          )}
          {latestNormed?.normed && (
            <strong data-latest-normed className="ml-2">
              {latestNormed.normed}
            </strong>
          )}
          {latestNormed?.gap && <span className="ml-2 text-slate-700">{latestNormed.gap}</span>}
        </p>
      )}
      {/* the screen's chart and a flatter one for paper: a typical client's scales fit one page */}
      <div className="print:hidden">
        <ScoreChart {...chart} />
      </div>
      <div className="hidden print:block">
        <ScoreChart {...chart} print />
      </div>
      <DataTable
        className="mt-3 text-sm print:mt-1"
        caption={t('results.tableCaption', { scale: name })}
        columns={[
          { header: t('results.date'), cell: (point) => formatDate(point.submittedAt, lang) },
          {
            header: t('results.score'),
            cell: (point) => {
              const { normed, gap } = normedOf(point.responseId);
              return (
                <>
                  {point.score === null ? t('results.notScored') : formatScore(point.score, lang)}
                  {normed && (
                    <span className="block font-semibold print:ml-3 print:inline" data-normed>
                      {normed}
                    </span>
                  )}
                  {gap && (
                    <span className="block text-slate-700 print:ml-3 print:inline" data-norm-gap>
                      {gap}
                    </span>
                  )}
                </>
              );
            },
          },
          {
            header: t('results.band'),
            cell: (point) => {
              const { bandOn } = normedOf(point.responseId);
              return (
                <>
                  {point.band ? text(point.band.labelKey) : '—'}
                  {point.band && bandOn && <span className="block text-slate-700">{bandOn}</span>}
                </>
              );
            },
          },
          {
            header: t('results.scoring'),
            cell: (point) => (
              <>
                {t('results.scoringVersion', {
                  form: point.questionnaireVersion,
                  scoring: point.scoringVersion,
                })}
                {perRow && point.respondent && (
                  <span className="block text-slate-700 print:ml-3 print:inline" data-answered-by>
                    {t('results.answeredBy', { who: t(`respondents.${point.respondent}`) })}
                  </span>
                )}
                {languages.has(point.responseId) && (
                  <span className="block text-slate-700 print:ml-3 print:inline" data-given-in>
                    {t('results.givenIn', {
                      language: t(`languages.${languages.get(point.responseId)}`),
                    })}
                  </span>
                )}
              </>
            ),
          },
        ]}
        rows={scale.points}
        rowKey={(point) => point.responseId}
      />
    </section>
  );
}
