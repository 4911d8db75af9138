import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { ManifestPart } from '../../../forms';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { toast } from '../../components/toast';
import { formatSavedAt } from '../../lib/format-time';
import { useIntake } from './api/get-intake';
import { type IntakeRecord, sectionOf } from './api/types';
import { clientNameOf } from './form-data';
import { sectionPath, useIntakeParts, useLang } from './intake-parts';
import { PrintHeading } from './intake-summary-print';
import { SummarySection } from './intake-summary-section';
import { ReopenDialog } from './reopen-dialog';
import { usePrintAndExport } from './use-print-and-export';
import { useReopen } from './use-reopen';

// printing drops the app's frame (top bar, sidebar, footer) and the page's own buttons; margins for binders
const PRINT_CSS = `@page { margin: 18mm 16mm 20mm; }
@media print {
  body { background: #fff; }
  body header, body aside, body footer, body nav, [data-print-hidden] { display: none !important; }
  main { max-width: none !important; padding: 0 !important; }
  [data-summary-section] { break-inside: avoid-page; }
}`;

/** /client-intake/:id/summary: the whole record, read-only and print-friendly, in the chosen language. */
export function IntakeSummaryPage() {
  const { id } = useParams();
  const { t } = useTranslation('intake');
  const query = useIntake(id);

  useEffect(() => {
    if (query.isError) toast.error(t('toasts.loadFailed'));
  }, [query.isError, t]);

  if (query.isPending) return <LoadingBlock label={t('page.loading')} />;
  if (query.isError) {
    return (
      <Alert
        tone="error"
        role="none"
        title={t('notices.loadFailedTitle')}
        actions={
          <ButtonLink to="/client-intake-list" variant="secondary">
            {t('summary.backToList')}
          </ButtonLink>
        }
      >
        {t('notices.loadFailedText')}
      </Alert>
    );
  }
  return <Summary record={query.data} />;
}

function Summary({ record }: { record: IntakeRecord }) {
  const { t } = useTranslation(['intake', 'privacy']);
  const lang = useLang();
  const parts = useIntakeParts();
  const output = usePrintAndExport(record.id);
  const navigate = useNavigate();
  const location = useLocation();
  const demographics = sectionOf(record, 'demographics');
  const name = clientNameOf(demographics);
  const submitted = record.status === 'submitted';
  // back to the section the practitioner was opening, else the first one
  const from = (location.state as { from?: unknown } | null)?.from;
  const reopen = useReopen(record, () =>
    navigate(typeof from === 'string' ? from : sectionPath(record.id, parts[0] as ManifestPart)),
  );

  return (
    <article className="max-w-4xl">
      <style>{PRINT_CSS}</style>
      <PrintHeading name={name || t('list.unnamed')} />
      <PageHeader
        title={name || t('list.unnamed')}
        description={t('summary.title')}
        documentTitle={t('summary.documentTitle', { name: name || t('list.unnamed') })}
      />
      {submitted && record.submittedAt && (
        <Alert
          tone="success"
          role="none"
          className="mb-6 print:hidden"
          title={t('summary.submittedNotice', {
            date: formatSavedAt(new Date(record.submittedAt), lang, new Date(0)),
          })}
        >
          {t('summary.readOnly')}
        </Alert>
      )}
      <dl className="mb-6 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-slate-700">{t('summary.status')}</dt>
        <dd>{t(`statusLabels.${record.status}`)}</dd>
        <dt className="font-semibold text-slate-700">{t('summary.updated')}</dt>
        <dd>{formatSavedAt(new Date(record.updatedAt), lang, new Date(0))}</dd>
        {submitted && record.submittedAt && (
          <>
            <dt className="font-semibold text-slate-700">{t('summary.submittedAt')}</dt>
            <dd>{formatSavedAt(new Date(record.submittedAt), lang, new Date(0))}</dd>
          </>
        )}
      </dl>
      <div data-print-hidden className="mb-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {submitted && <Button onClick={reopen.ask}>{t('reopen.button')}</Button>}
        <Button
          variant={submitted ? 'secondary' : 'primary'}
          onClick={output.print}
          loading={output.busy === 'print'}
          disabled={output.busy !== undefined}
        >
          {t('summary.print')}
        </Button>
        <Button
          variant="secondary"
          onClick={output.exportJson}
          loading={output.busy === 'export'}
          disabled={output.busy !== undefined}
        >
          {t('privacy:client.exportJson')}
        </Button>
        <ButtonLink to={`/client-intake/${record.id}/access-history`} variant="secondary">
          {t('privacy:history.open')}
        </ButtonLink>
        <ButtonLink to="/client-intake-list" variant="secondary">
          {t('summary.backToList')}
        </ButtonLink>
      </div>
      <div className="space-y-8">
        {parts.map((part) => (
          <SummarySection key={part.key} record={record} part={part} editable={!submitted} />
        ))}
      </div>
      <ReopenDialog
        open={reopen.asking}
        reopening={reopen.reopening}
        onConfirm={() => void reopen.confirm()}
        onCancel={reopen.cancel}
      />
    </article>
  );
}
