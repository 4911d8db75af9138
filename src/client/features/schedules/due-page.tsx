import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DueOccurrenceView } from '../../../shared';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { type DataColumn, DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { toast } from '../../components/toast';
import { textIn, useQuestionnaireLibrary } from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';
import { useCancelOccurrence, useDueOccurrences } from './api/schedules';
import { formatDay } from './days';
import { OccurrenceStateTag } from './occurrence-state';

/** /schedules/due: every due or overdue sending across the practitioner's clients, each cancellable. */
export function DuePage() {
  const { t } = useTranslation('schedules');
  const { t: tq } = useTranslation('questionnaires');
  const lang = useLang();
  const due = useDueOccurrences();
  const library = useQuestionnaireLibrary();
  const cancel = useCancelOccurrence();
  const heading = useRef<HTMLHeadingElement>(null);
  const titleOf = (id: string) => {
    const entry = library.data?.find((e) => e.id === id);
    return entry ? textIn(entry.title, lang) : id;
  };
  const clientName = (row: DueOccurrenceView) => row.clientName || tq('patients.unnamed');
  const columns: DataColumn<DueOccurrenceView>[] = [
    {
      header: t('due.client'),
      cell: (row) => (
        <Link to={`/patients/${row.clientId}`} className="inline-flex min-h-11 items-center font-semibold">
          {clientName(row)}
        </Link>
      ),
    },
    { header: t('due.questionnaire'), cell: (row) => titleOf(row.questionnaireId) },
    { header: t('due.who'), cell: (row) => tq(`respondents.${row.respondent}`) },
    { header: t('due.dueOn'), cell: (row) => formatDay(row.occurrence.dueOn, lang) },
    { header: t('due.state'), cell: (row) => <OccurrenceStateTag state={row.occurrence.state} /> },
    {
      header: t('due.actions'),
      cell: (row) => (
        <Button
          variant="secondary"
          loading={cancel.isPending && cancel.variables === row.occurrence.id}
          aria-label={t('due.cancelOf', {
            title: titleOf(row.questionnaireId),
            client: clientName(row),
            date: formatDay(row.occurrence.dueOn, lang),
          })}
          onClick={() =>
            cancel.mutate(row.occurrence.id, {
              onSuccess: () => {
                toast.success(t('due.cancelled'));
                requestAnimationFrame(() => heading.current?.focus());
              },
              onError: () => toast.error(t('due.cancelFailed')),
            })
          }
        >
          {t('due.cancel')}
        </Button>
      ),
    },
  ];

  return (
    <div className="max-w-5xl">
      <PageHeader title={t('due.title')} description={t('due.description')} />
      <Link to="/patients" className="mb-4 inline-flex min-h-11 items-center">
        {t('due.back')}
      </Link>
      <h2 ref={heading} tabIndex={-1} className="sr-only">
        {t('due.title')}
      </h2>
      {due.isPending && <LoadingBlock />}
      {due.isError && <Alert tone="error" role="none" title={t('due.loadFailed')} />}
      {due.data?.length === 0 && <p className="text-slate-700">{t('due.none')}</p>}
      {due.data && due.data.length > 0 && (
        <DataTable
          columns={columns}
          rows={due.data}
          rowKey={(row) => row.occurrence.id}
          caption={t('due.title')}
          stackOnPhones
          testId="due-occurrences"
        />
      )}
    </div>
  );
}
