import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { QuestionnaireDefinition } from '../../../forms/questionnaires';
import type { LibraryEntry } from '../../../shared';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { toast } from '../../components/toast';
import { isApiError } from '../../lib/api-error';
import { usePractitionerSignature } from '../../lib/practitioner-signature';
import {
  textIn,
  useQuestionnaireDefinition,
  useQuestionnaireLibrary,
  useQuestionnaireWords,
} from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';
import {
  type ChangeReportQuery,
  downloadChangeReport,
  useAnsweredQuestionnaires,
  useChangeReport,
} from './api/change-report';
import { ChangeReportView } from './change-report-view';
import { printCss } from './print-css';
import { ReportFilters } from './report-filters';
import { istanbulToday, openingQuestionnaire, reportQueryOf } from './report-query';

/**
 * /reports: how the caseload changed on one questionnaire scale in a period (ADR 129). The choices live in the
 * address, so a report can be bookmarked and the back button steps through them.
 */
export function ReportsPage() {
  const { t } = useTranslation('questionnaires');
  const library = useQuestionnaireLibrary();
  const answered = useAnsweredQuestionnaires();
  const [params] = useSearchParams();
  const asked = params.get('questionnaire');
  // opened without a choice: on the questionnaire last answered, not on one without data (the library's first)
  const choosing = !library.data?.some((q) => q.id === asked) && answered.isPending;
  const entry = openingQuestionnaire(library.data ?? [], asked, answered.data?.questionnaires ?? []);
  const definition = useQuestionnaireDefinition(
    choosing ? undefined : entry?.id,
    entry?.version,
    entry?.scoringVersion,
  );
  if (library.isPending || choosing || (entry && definition.isPending)) return <LoadingBlock />;
  if (library.isError || definition.isError)
    return <Alert tone="error" title={t('changeReport.loadFailed')} />;
  if (!entry || !definition.data) return <Alert tone="info" title={t('changeReport.noQuestionnaires')} />;
  return <ReportScreen library={library.data} entry={entry} definition={definition.data} />;
}

function ReportScreen({
  library,
  entry,
  definition,
}: {
  library: LibraryEntry[];
  entry: LibraryEntry;
  definition: QuestionnaireDefinition;
}) {
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  const engine = useQuestionnaireWords(definition);
  const practitioner = usePractitionerSignature();
  const [params, setParams] = useSearchParams();
  const scales = definition.scoring.scales.map((scale) => ({
    id: scale.id,
    label: engine.t(lang, definition.formId, `_scales.${scale.id}.label`),
  }));
  const scaleIds = scales.map((s) => s.id).join(',');
  const query = useMemo(
    () =>
      reportQueryOf(
        params,
        library,
        (id) => (id === definition.id ? scaleIds.split(',') : undefined),
        istanbulToday(),
        entry.id,
      ),
    [params, library, definition.id, scaleIds, entry.id],
  );
  const report = useChangeReport(query);
  const download = useMutation({
    mutationFn: (asked: ChangeReportQuery) => downloadChangeReport(asked),
    onError: () => toast.error(t('changeReport.downloadFailed')),
  });
  if (!query) return <LoadingBlock />;

  const change = (patch: Partial<Record<keyof ChangeReportQuery, string>>) => {
    const next = new URLSearchParams({ ...query, ...patch } as Record<string, string>);
    for (const [key, value] of [...next.entries()]) if (!value) next.delete(key);
    setParams(next);
  };
  const errors = isApiError(report.error) ? report.error.fields : undefined;
  const title = textIn(entry.title, lang);
  const scaleLabel = scales.find((s) => s.id === query.scale)?.label ?? query.scale;
  const printedOn = new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', { dateStyle: 'long' }).format(
    new Date(),
  );
  return (
    <article className="max-w-5xl">
      <style>
        {printCss({
          left: `${t('changeReport.title')} · ${title} · ${scaleLabel}`,
          right: printedOn,
          page: t('report.page'),
        })}
      </style>
      <div className="mb-4 hidden border-b border-slate-400 pb-3 text-sm print:block">
        <dl className="flex flex-wrap gap-x-2">
          <dt className="font-semibold">{t('report.practitioner')}</dt>
          <dd className="mr-4">{practitioner}</dd>
          <dt className="font-semibold">{t('changeReport.questionnaire')}</dt>
          <dd className="mr-4">{title}</dd>
          <dt className="font-semibold">{t('changeReport.scale')}</dt>
          <dd className="mr-4">{scaleLabel}</dd>
          <dt className="font-semibold">{t('report.printedOn')}</dt>
          <dd>{printedOn}</dd>
        </dl>
      </div>
      <PageHeader title={t('changeReport.title')} description={t('changeReport.description')} />
      <ReportFilters
        library={library}
        entry={entry}
        scales={scales}
        query={query}
        errors={errors}
        onChange={change}
      />
      <div data-print-hidden className="mb-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button onClick={() => window.print()} disabled={!report.data || report.isError}>
          {t('changeReport.print')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => download.mutate(query)}
          loading={download.isPending}
          disabled={report.isError}
        >
          {t('changeReport.downloadCsv')}
        </Button>
      </div>
      <div aria-live="polite" aria-busy={report.isFetching}>
        {report.isError && !errors ? (
          <Alert tone="error" title={t('changeReport.loadFailed')} />
        ) : report.isError ? (
          <Alert tone="error" title={report.error.message} />
        ) : report.data ? (
          <ChangeReportView
            report={report.data}
            respondentLabel={report.data.respondent ? t(`respondents.${report.data.respondent}`) : undefined}
          />
        ) : (
          <LoadingBlock />
        )}
      </div>
    </article>
  );
}
