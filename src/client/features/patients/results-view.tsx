import { memo, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  QuestionnaireDefinition,
  ScaleResult,
  ScoreResult,
  Severity,
} from '../../../forms/questionnaires';
import { reliableChangeIndex } from '../../../forms/questionnaires/change';
import type { Lang } from '../../../forms/types';
import { bandGapOf } from '../../../shared';
import { DataTable } from '../../components/data-table';
import { type NormedScoreText, normedScoreText } from '../../forms/questionnaire/normed-score';
import { formatDate } from '../../lib/format-date';
import { useQuestionnaireWords } from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';
import type { QuestionnaireResults, ScaleSeries, ScorePoint } from './api/types';
import { bandAreasOf } from './band-areas';
import { changeHeadline, changeMarkOf, changeWords } from './change-words';
import { ChartLegend } from './chart-legend';
import { FlaggedAnswers } from './flagged-answers';
import { formatScore } from './format-score';
import { type Informant, latestOfEach } from './informants';
import { type Say, saidOnce } from './said-once';
import { ScoreChart, type ScoreChartProps } from './score-chart';
import { SideBySideTable } from './side-by-side-table';
import { rowsOfPoints, type Timeline, timelinesOf } from './timeline';
import { useAfterPaint } from './use-after-paint';

/** Rows a scale's table shows until "show all": years of weekly scores would bury the page (ADR 132). */
export const LATEST_ROWS = 20;

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
export const ResultsView = memo(function ResultsView({
  results,
  definition,
  scored,
}: {
  results: QuestionnaireResults;
  definition: QuestionnaireDefinition;
  scored?: ResultsById;
}) {
  const lang = useLang();
  const engine = useQuestionnaireWords(definition);
  return (
    <ResultsDrawing
      results={results}
      definition={definition}
      scored={scored}
      lang={lang}
      text={(key) => engine.t(lang, definition.formId, key)}
    />
  );
});

/**
 * The results as `ResultsView` draws them, with the questionnaire's own words (`text`: scales, bands, flags) given:
 * the rehearsal draws a made-up history with it before the questionnaire's words have arrived (ADR 160).
 */
export function ResultsDrawing({
  results,
  definition,
  scored = new Map(),
  lang,
  text: say,
}: {
  results: QuestionnaireResults;
  /** The questionnaire's scoring: its bands. */
  definition: Pick<QuestionnaireDefinition, 'scoring'>;
  scored?: ResultsById;
  lang: Lang;
  text: (key: string) => string;
}) {
  // each word is looked up once per render of the whole page, not per scale: a long history asks for the same few
  // hundreds of times (ADR 137, 143)
  const t = saidOnce(useTranslation('questionnaires').t);
  const words = saidOnce(useTranslation('widgets').t);
  const text = saidOnce(say);
  const languages = new Map(results.responses.map((r) => [r.id, r.language]));
  // who answered when (each instant's day and month, the axis labels, the side-by-side rows), once for the scales
  // scored from the same responses (ADR 143, 152)
  const timelines = useMemo(
    () => timelinesOf(results.scales, (time, longSpan) => axisFormatOf(lang, longSpan).format(time)),
    [results, lang],
  );
  // one informant throughout is said once; several are said on each row (the printed report stays one page)
  const informants = new Set<Informant>();
  for (const { timeline } of timelines) for (const who of timeline.informants) informants.add(who);
  const onlyInformant = informants.size === 1 ? [...informants][0] : null;
  return (
    <div className="space-y-8 print:space-y-2">
      {onlyInformant && (
        <p data-answered-by>{t('results.answeredBy', { who: t(`respondents.${onlyInformant}`) })}</p>
      )}
      <FlaggedAnswers responses={results.responses} t={t} text={text} lang={lang} />
      {timelines.map(({ scale, timeline }) => (
        <ScaleResults
          key={scale.id}
          scale={scale}
          timeline={timeline}
          definition={definition}
          t={t}
          words={words}
          lang={lang}
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
  timeline,
  definition,
  t,
  words,
  lang,
  text,
  languages,
  scored,
  perRow,
}: {
  scale: ScaleSeries;
  /** Who answered when along the scale's points: its lines, axis labels and side-by-side rows (ADR 152). */
  timeline: Timeline;
  definition: Pick<QuestionnaireDefinition, 'scoring'>;
  /** The page's words (questionnaires and widgets namespaces), each looked up once per render. */
  t: Say;
  words: Say;
  lang: string;
  text: (key: string) => string;
  /** The language each response was given in, by response id. */
  languages: Map<string, string>;
  scored: ResultsById;
  /** Who answered is said on each row: the responses were answered by different informants. */
  perRow: boolean;
}) {
  const scaleOf = (responseId: string): ScaleResult | undefined =>
    scored.get(responseId)?.scales.find((s) => s.id === scale.id);
  // a cell reads a point's normed score twice and a change's words once: each is worked out once per render
  const normedTexts = new Map<string, NormedScoreText>();
  const normedOf = (responseId: string) => {
    let said = normedTexts.get(responseId);
    if (!said) {
      const found = scaleOf(responseId);
      said = found ? normedScoreText(found, words, lang) : { normed: null, gap: null, bandOn: null };
      normedTexts.set(responseId, said);
    }
    return said;
  };
  const criteria = scale.change;
  const { informants } = timeline;
  // each informant's first scored point: where its change is measured from and its measurement-error band drawn
  const firsts = timeline.series.map((indices, i) => {
    const start = indices.find((index) => scale.points[index]?.score !== null);
    const score = start === undefined ? null : (scale.points[start]?.score ?? null);
    return { informant: informants[i] ?? null, start, score };
  });
  const firstScoreOf = (informant: Informant) => firsts.find((f) => f.informant === informant)?.score ?? null;
  /** The reliable change index since the informant's first score, as the page writes numbers; null without one. */
  const rciOf = (point: ScorePoint) => {
    const first = firstScoreOf(point.respondent ?? null);
    if (!criteria || !point.change?.sinceFirst || first === null || point.score === null) return null;
    const rci = reliableChangeIndex(criteria, first, point.score);
    return rci === null ? null : formatScore(Math.round(rci * 100) / 100, lang);
  };
  const changeTexts = new Map<string, string[]>();
  const changeSaid = (point: ScorePoint) => {
    const rci = rciOf(point);
    const key = `${JSON.stringify(point.change)}${rci}`;
    let said = changeTexts.get(key);
    if (!said) {
      said = changeWords(point.change, t, rci);
      changeTexts.set(key, said);
    }
    return said;
  };
  const name = text(scale.labelKey);
  const sideBySide = informants.length > 1;
  const cutoff = criteria?.cutoff ?? null;
  const bands = bandAreasOf(definition, scale.id, informants).map((band) => ({
    ...band,
    label: text(band.labelKey),
  }));
  const headingId = `scale-${scale.id}`;
  const latestScore = (point: ScorePoint, label?: string) => (
    <LatestScore
      point={point}
      rci={rciOf(point)}
      normed={normedOf(point.responseId)}
      t={t}
      lang={lang}
      text={text}
      label={label}
    />
  );
  const last = scale.points[scale.points.length - 1];
  const informantName = (informant: Informant) =>
    informant ? t(`respondents.${informant}`) : t('change.shown.unknownInformant');
  const threshold = criteria?.threshold ?? null;
  const thresholdSaid = threshold === null ? null : formatScore(Math.round(threshold * 100) / 100, lang);
  const description = [
    t('results.chartDescription', {
      scale: name,
      count: scale.points.length,
      min: scale.range.min,
      max: scale.range.max,
    }),
    sideBySide && t('change.shown.informants', { names: informants.map(informantName).join(', ') }),
    t('change.shown.timeAxis'),
    cutoff !== null && t('change.shown.cutoffAt', { cutoff: formatScore(cutoff, lang) }),
    thresholdSaid !== null && t('change.shown.errorBandAt', { threshold: thresholdSaid }),
  ]
    .filter(Boolean)
    .join(' ');
  const marked = threshold !== null;
  const chart = {
    title: t('results.chartTitle', { scale: name }),
    description,
    range: scale.range,
    scores: scale.points.map((p) => p.score),
    labels: timeline.labels,
    bands,
    formatValue: (value: number) => formatScore(value, lang),
    series: timeline.series.map((indices, i) => ({
      informant: informants[i] ?? null,
      indices,
    })),
    marks: scale.points.map((p) => changeMarkOf(p.change) ?? 'plain'),
    higherIs: criteria?.higherIs ?? 'worse',
    cutoff: cutoff === null ? null : { value: cutoff, label: t('change.cutoff') },
    days: timeline.days,
    // each informant's first score ± the reliable-change threshold: a later point outside it changed reliably
    errorBands:
      threshold === null
        ? []
        : firsts.flatMap(({ informant, start, score }) =>
            start === undefined || score === null
              ? []
              : [{ informant, start, from: score - threshold, to: score + threshold }],
          ),
  };
  const scoreOf = (point: ScorePoint) => {
    const { normed, gap } = normedOf(point.responseId);
    return (
      <>
        <span data-score>
          {point.score === null ? t('results.notScored') : formatScore(point.score, lang)}
        </span>
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
  };
  const bandOf = (point: ScorePoint) => {
    const { bandOn } = normedOf(point.responseId);
    return (
      <>
        {point.band
          ? text(point.band.labelKey)
          : bandGapOf(point.score, point.band, scaleOf(point.responseId)?.normGap) === 'noNorms'
            ? t('results.noNorms')
            : '—'}
        {point.band && bandOn && <span className="block text-slate-700">{bandOn}</span>}
      </>
    );
  };
  const changeOf = (point: ScorePoint, className?: string) => {
    const said = changeSaid(point);
    if (said.length === 0) return className ? <span className={`block ${className}`}>—</span> : '—';
    return (
      // on paper the phrases run on in one block, to keep a typical client on one page
      <ul data-change className={className}>
        {said.map((phrase) => (
          <li key={phrase} className="print:inline print:after:content-['._'] print:last:after:content-none">
            {phrase}
          </li>
        ))}
      </ul>
    );
  };
  const versionOf = (point: ScorePoint) => (
    <>
      {t('results.scoringVersion', { form: point.questionnaireVersion, scoring: point.scoringVersion })}
      {languages.has(point.responseId) && (
        <span className="block text-slate-700 print:ml-3 print:inline" data-given-in>
          {t('results.givenIn', { language: t(`languages.${languages.get(point.responseId)}`) })}
        </span>
      )}
    </>
  );
  // several informants: a row per day with a column each; one: a row per response
  const days = sideBySide ? timeline.rows : null;
  const rowCount = days?.length ?? scale.points.length;
  const caption = t('results.tableCaption', { scale: name });
  return (
    <section aria-labelledby={headingId} data-scale={scale.id} className="break-inside-avoid">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {name}
      </h3>
      {sideBySide ? (
        // the latest of each informant side by side: how each sees the child now
        <div className="mt-1 mb-3 print:hidden">
          <p className="font-semibold">{t('change.shown.latestTitle')}</p>
          <ul className="mt-2 grid gap-3 sm:grid-cols-2" data-latest-each>
            {latestOfEach(scale.points, informants).map(({ informant, point }) => (
              <li
                key={informant ?? 'none'}
                className="rounded-md border border-slate-300 p-3"
                data-latest-informant={informant ?? 'none'}
              >
                <p className="text-sm font-semibold text-slate-700">{informantName(informant)}</p>
                {point && latestScore(point)}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        last && (
          // the table's last row says the same on paper, where room is short
          <div className="mt-1 mb-3 print:hidden">{latestScore(last, t('results.latest'))}</div>
        )
      )}
      {/* the screen's chart and a flatter one for paper: a typical client's scales fit one page */}
      <div className="print:hidden">
        <ScoreChart {...chart} />
      </div>
      <div className="hidden print:block">
        <PaperChart {...chart} />
      </div>
      <ChartLegend
        informants={informants}
        marks={marked}
        higherIs={chart.higherIs}
        cutoff={chart.cutoff !== null}
        errorBand={chart.errorBands.length > 0 ? thresholdSaid : null}
        t={t}
      />
      <LatestRows total={rowCount}>
        {({ hidden, all, showAll }) => (
          <>
            {rowCount > LATEST_ROWS && (
              <div className="mt-3 flex flex-wrap items-center gap-3 print:mt-1" data-rows-shown>
                {hidden > 0 && (
                  <p className="text-sm text-slate-700">
                    {t('change.shown.shownOf', { shown: rowCount - hidden, total: rowCount })}
                  </p>
                )}
                <button
                  type="button"
                  className="min-h-11 font-semibold text-blue-800 underline print:hidden"
                  aria-expanded={all}
                  onClick={showAll}
                >
                  {all
                    ? t('change.shown.showLatest', { rows: LATEST_ROWS })
                    : t('change.shown.showAll', { rows: rowCount })}
                </button>
              </div>
            )}
            {days ? (
              <SideBySideTable
                caption={caption}
                informants={informants}
                rows={rowsOfPoints(days.slice(hidden), scale.points)}
                t={t}
                lang={lang}
                // no wrapper where a block of its own does: a cell is the first thing a long history multiplies
                cell={(point) => (
                  <>
                    {scoreOf(point)}
                    <span className="block">{bandOf(point)}</span>
                    {point.change && changeOf(point, 'mt-1')}
                    <span className="mt-1 block text-xs text-slate-700">{versionOf(point)}</span>
                  </>
                )}
              />
            ) : (
              <DataTable
                className="mt-3 text-sm print:mt-1"
                caption={caption}
                columns={[
                  { header: t('results.date'), cell: (point) => formatDate(point.submittedAt, lang) },
                  { header: t('results.score'), cell: scoreOf },
                  { header: t('results.band'), cell: bandOf },
                  ...(criteria ? [{ header: t('change.shown.column'), cell: changeOf }] : []),
                  {
                    header: t('results.scoring'),
                    cell: (point: ScorePoint) => (
                      <>
                        {versionOf(point)}
                        {perRow && point.respondent && (
                          <span className="block text-slate-700 print:ml-3 print:inline" data-answered-by>
                            {t('results.answeredBy', { who: t(`respondents.${point.respondent}`) })}
                          </span>
                        )}
                      </>
                    ),
                  },
                ]}
                rows={scale.points.slice(hidden)}
                rowKey={(point) => point.responseId}
              />
            )}
          </>
        )}
      </LatestRows>
    </section>
  );
}

/** Rows a table shows before the page's first paint; the rest of its latest rows follow a frame later (ADR 137). */
export const FIRST_ROWS = 5;

/**
 * Which of a table's rows are shown, as `hidden` (how many of the oldest are left out): the latest FIRST_ROWS at
 * first, the latest LATEST_ROWS once the page has painted (or is printing), all when asked. Its own component, so
 * neither the rows that follow nor "show all" redraw the chart above.
 */
function LatestRows({
  total,
  children,
}: {
  total: number;
  children: (shown: { hidden: number; all: boolean; showAll: () => void }) => ReactNode;
}) {
  const painted = useAfterPaint();
  const [all, setAll] = useState(false);
  const shown = all ? total : Math.min(total, painted ? LATEST_ROWS : FIRST_ROWS);
  return children({ hidden: total - shown, all, showAll: () => setAll((was) => !was) });
}

/** The x axis's date formats, made once per language and span: making an Intl formatter costs far more than using it. */
const axisFormats = new Map<string, Intl.DateTimeFormat>();
function axisFormatOf(lang: string, longSpan: boolean): Intl.DateTimeFormat {
  const key = `${lang}-${longSpan}`;
  let format = axisFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      lang === 'tr' ? 'tr-TR' : 'en-GB',
      longSpan ? { month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' },
    );
    axisFormats.set(key, format);
  }
  return format;
}

/**
 * Makes the page's date and number formatters now: a page's first Intl formatter costs a few hundred ms on a slow
 * phone (its locale data is opened), which the results page pays while the client's data is still on its way
 * instead of after it has arrived (ADR 140).
 */
export function prepareFormatters(lang: string, words: Say): void {
  formatDate(new Date(), lang);
  formatScore(0, lang);
  axisFormatOf(lang, true);
  axisFormatOf(lang, false);
  // the first ordinal plural ("85th percentile") sets up i18next's rules for it: slow on a slow phone (ADR 147)
  words('questionnaire.scores.percentile', { count: 1, ordinal: true, value: formatScore(1, lang) });
}

/**
 * The paper copy of a scale's chart: drawn after the screen's first paint, or at once when printing starts, so a
 * long history's screen is up before it (ADR 132); its own component, so drawing it redraws nothing else.
 */
function PaperChart(chart: ScoreChartProps) {
  const paper = useAfterPaint();
  return paper ? <ScoreChart {...chart} print /> : null;
}

/** One informant's latest score: the score, its band, its normed score or why there is none, and its change. */
function LatestScore({
  point,
  rci,
  normed,
  t,
  lang,
  text,
  label,
}: {
  point: ScorePoint;
  /** The reliable change index since the first, written as the page writes numbers. */
  rci: string | null;
  normed: { normed: string | null; gap: string | null };
  t: Say;
  lang: string;
  text: (key: string) => string;
  label?: string;
}) {
  const headline = changeHeadline(point.change, t, rci);
  return (
    <p>
      {label && <>{label} </>}
      <strong data-latest-score>
        {point.score === null ? t('results.notScored') : formatScore(point.score, lang)}
      </strong>
      {point.band && (
        <span
          data-latest-band={point.band.severity}
          className={`ml-2 inline-block rounded-full px-3 py-0.5 text-sm font-semibold ${SEVERITY_STYLE[point.band.severity]}`}
        >
          {text(point.band.labelKey)}
        </span>
      )}
      {normed.normed && (
        <strong data-latest-normed className="ml-2">
          {normed.normed}
        </strong>
      )}
      {normed.gap && <span className="ml-2 text-slate-700">{normed.gap}</span>}
      {headline && (
        <span className="mt-1 block text-slate-800" data-latest-change>
          {headline}
        </span>
      )}
    </p>
  );
}
