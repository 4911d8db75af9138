import { useTranslation } from 'react-i18next';
import {
  type ScaleResult,
  type ScoreResult,
  type Severity,
  scaleLabelKey,
} from '../../../forms/questionnaires';
import { DataTable } from '../../components/data-table';
import { formatNumber, normedScoreText } from './normed-score';
import { type QuestionnaireRef, useQuestionnaireText } from './use-questionnaire-text';

/** Severity as colour and words together (never colour alone); colours meet WCAG AA on their background. */
const SEVERITY_STYLE: Record<Severity, string> = {
  none: 'border-green-700 bg-green-50 text-green-900',
  mild: 'border-yellow-600 bg-yellow-50 text-yellow-900',
  moderate: 'border-orange-600 bg-orange-50 text-orange-900',
  severe: 'border-red-700 bg-red-50 text-red-900',
};

export interface ScoreSummaryProps {
  questionnaire: QuestionnaireRef;
  result: ScoreResult;
  /** Heading level of the summary's title (default 2). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** Scores in the page's language: two decimals at most, with the language's decimal sign (1,67 in Turkish). */
const formatScore = (lang: string, n: number) => formatNumber(n, lang);

/**
 * A response's scores: who answered, critical answers first and prominently, then each scale with its score (or
 * 'Not scored' and why), its normed score (or why there is none) and its band in words and colour.
 */
export function ScoreSummary({ questionnaire, result, headingLevel = 2, className = '' }: ScoreSummaryProps) {
  const respondent = result.context?.respondent ?? null;
  const { text, lang } = useQuestionnaireText(questionnaire, undefined, respondent);
  const { t } = useTranslation('widgets');
  const Heading = `h${headingLevel}` as const;
  const SubHeading = `h${headingLevel + 1}` as 'h3';
  return (
    <section aria-label={t('questionnaire.scores.title')} className={`space-y-4 ${className}`}>
      <Heading className="text-xl font-bold">{t('questionnaire.scores.title')}</Heading>
      {respondent && (
        <p data-answered-by>
          {t('questionnaire.scores.answeredBy', { who: t(`questionnaire.respondents.${respondent}`) })}
        </p>
      )}
      {result.flags.length > 0 && (
        <div className="flex gap-3 rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-950">
          <span
            aria-hidden="true"
            className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border-2 border-current text-sm font-bold"
          >
            !
          </span>
          <div>
            <SubHeading className="font-bold">{t('questionnaire.flags.title')}</SubHeading>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {result.flags.map((flag) => (
                <li key={flag.id} className="font-semibold">
                  {text(flag.labelKey)}
                  {/* a flag on a scale or on several items names no one item */}
                  {flag.item ? (
                    <span className="block text-sm font-normal">
                      {t('questionnaire.flags.item', { item: text(`${flag.item}.label`) })}
                    </span>
                  ) : (
                    flag.scale && (
                      <span className="block text-sm font-normal">
                        {t('questionnaire.flags.scale', { scale: text(scaleLabelKey(flag.scale)) })}
                      </span>
                    )
                  )}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <DataTable
        columns={[
          {
            header: t('questionnaire.scores.scale'),
            cell: (scale) => <ScaleName scale={scale} lang={lang} text={text} />,
          },
          {
            header: t('questionnaire.scores.score'),
            cell: (scale) => <ScaleScore scale={scale} lang={lang} />,
          },
          {
            header: t('questionnaire.scores.band'),
            cell: (scale) => <ScaleBand scale={scale} text={text} />,
          },
        ]}
        rows={result.scales}
        rowKey={(scale) => scale.id}
        rowHeaders
      />
    </section>
  );
}

/** A scale's name and range: the row's header. */
function ScaleName({
  scale,
  lang,
  text,
}: {
  scale: ScaleResult;
  lang: string;
  text: (key: string) => string;
}) {
  const { t } = useTranslation('widgets');
  return (
    <>
      {text(scale.labelKey)}
      <span className="block text-sm font-normal text-slate-700">
        {t('questionnaire.scores.range', {
          min: formatScore(lang, scale.range.min),
          max: formatScore(lang, scale.range.max),
        })}
      </span>
    </>
  );
}

/** The score with how many items were answered, or 'Not scored' and why; then the normed score or why none. */
function ScaleScore({ scale, lang }: { scale: ScaleResult; lang: string }) {
  const { t } = useTranslation('widgets');
  const counts = { answered: scale.answered, itemCount: scale.itemCount, required: scale.required };
  const { normed, gap } = normedScoreText(scale, t, lang);
  return (
    <>
      {scale.score === null ? (
        <>
          <span className="font-semibold">{t('questionnaire.scores.notScored')}</span>
          <span className="block text-sm text-slate-700">
            {t('questionnaire.scores.notScoredDetail', counts)}
          </span>
        </>
      ) : (
        <>
          <span className="text-lg font-semibold tabular-nums">{formatScore(lang, scale.score)}</span>
          <span className="block text-sm text-slate-700">{t('questionnaire.scores.answered', counts)}</span>
        </>
      )}
      {normed && (
        <span data-normed className="mt-1 block font-semibold tabular-nums">
          {normed}
        </span>
      )}
      {gap && (
        <span data-norm-gap className="mt-1 block text-sm text-slate-700">
          {gap}
        </span>
      )}
    </>
  );
}

/** The band in words and colour (and which score it was read on, when not the raw one), or that there is none. */
function ScaleBand({ scale, text }: { scale: ScaleResult; text: (key: string) => string }) {
  const { t } = useTranslation('widgets');
  const { bandOn } = normedScoreText(scale, t, '');
  return scale.band ? (
    <span className={`inline-block rounded border-l-4 px-2 py-1 ${SEVERITY_STYLE[scale.band.severity]}`}>
      <span className="font-semibold">{text(scale.band.labelKey)}</span>
      <span className="block text-sm">{t(`questionnaire.severity.${scale.band.severity}`)}</span>
      {bandOn && <span className="block text-sm">{bandOn}</span>}
    </span>
  ) : (
    <span className="text-slate-700">{t('questionnaire.scores.noBand')}</span>
  );
}
