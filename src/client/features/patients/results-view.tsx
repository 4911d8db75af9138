import { useTranslation } from 'react-i18next';
import type { QuestionnaireDefinition, Severity } from '../../../forms/questionnaires';
import { Alert } from '../../components/alert';
import { DataTable } from '../../components/data-table';
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

/** One questionnaire's results: flagged answers first, then each scale as a chart and its table. */
export function ResultsView({
  results,
  definition,
}: {
  results: QuestionnaireResults;
  definition: QuestionnaireDefinition;
}) {
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  const engine = useQuestionnaireWords(definition);
  const text = (key: string) => engine.t(lang, definition.formId, key);
  const flagged = results.responses.filter((r) => r.flags.length > 0);
  const languages = new Map(results.responses.map((r) => [r.id, r.language]));
  return (
    <div className="space-y-8 print:space-y-4">
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
}: {
  scale: ScaleSeries;
  definition: QuestionnaireDefinition;
  text: (key: string) => string;
  /** The language each response was given in, by response id. */
  languages: Map<string, string>;
}) {
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  const name = text(scale.labelKey);
  const latest = scale.points[scale.points.length - 1];
  const bands = bandAreasOf(definition, scale.id).map((band) => ({ ...band, label: text(band.labelKey) }));
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
            cell: (point) => (point.score === null ? t('results.notScored') : formatScore(point.score, lang)),
          },
          { header: t('results.band'), cell: (point) => (point.band ? text(point.band.labelKey) : '—') },
          {
            header: t('results.scoring'),
            cell: (point) => (
              <>
                {t('results.scoringVersion', {
                  form: point.questionnaireVersion,
                  scoring: point.scoringVersion,
                })}
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
