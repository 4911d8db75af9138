import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { ManifestPart } from '../../../forms';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { toast } from '../../components/toast';
import { useFormEngine } from '../../forms/engine-context';
import { useCurrentUser } from '../../stores/current-user';
import { useIntake } from './api/get-intake';
import { type IntakeRecord, sectionOf } from './api/types';
import { clientNameOf } from './form-data';
import { formatSavedAt } from './format-time';
import { sectionPath, useFormText, useIntakeParts, useLang } from './intake-parts';
import { ReopenDialog } from './reopen-dialog';
import { type SummaryValue, summarizeSection } from './summary-model';
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
  const { t } = useTranslation('intake');
  const lang = useLang();
  const parts = useIntakeParts();
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
        <Button variant={submitted ? 'secondary' : 'primary'} onClick={() => window.print()}>
          {t('summary.print')}
        </Button>
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

/** On paper only: who printed it (name and title), for which client, and when, in the interface language. */
function PrintHeading({ name }: { name: string }) {
  const { t } = useTranslation('intake');
  const lang = useLang();
  const user = useCurrentUser();
  const practitioner = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '';
  const title = user?.professionalTitle;
  const printed = new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', { dateStyle: 'long' }).format(
    new Date(),
  );
  return (
    <div data-print-heading className="mb-6 hidden border-b border-slate-400 pb-3 text-sm print:block">
      <p className="font-semibold">{t('page.formTitle')}</p>
      <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-4">
        <dt>{t('print.practitioner')}</dt>
        <dd>{title ? `${practitioner}, ${title}` : practitioner}</dd>
        <dt>{t('print.client')}</dt>
        <dd>{name}</dd>
        <dt>{t('print.printedOn')}</dt>
        <dd>{printed}</dd>
      </dl>
    </div>
  );
}

function SummarySection({
  record,
  part,
  editable,
}: {
  record: IntakeRecord;
  part: ManifestPart;
  editable: boolean;
}) {
  const { t } = useTranslation('intake');
  const lang = useLang();
  const formText = useFormText();
  const pinned = record.forms?.[part.key] ?? { form: part.form, version: part.version };
  const engine = useFormEngine({ forms: [{ id: pinned.form, version: pinned.version }] });
  const form = engine.registry.get(pinned.form, pinned.version);
  const data = sectionOf(record, part.key);
  const title = formText(form.id, 'title');
  const headingId = `summary-${part.key}`;
  const groups = data
    ? summarizeSection(form.schema, engine.uiSchema(form.id, form.version, lang), data, {
        lang,
        outOf: (value, max) => t('summary.outOf', { value, max }),
      })
    : [];

  return (
    <section
      data-summary-section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm print:border-0 print:p-0 print:shadow-none"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {editable && (
          <ButtonLink to={sectionPath(record.id, part)} variant="quiet" data-print-hidden>
            {t('summary.edit', { section: formText(form.id, 'shortTitle') })}
          </ButtonLink>
        )}
      </div>
      {!data && <p className="mt-3 text-slate-700">{t('summary.notFilled')}</p>}
      {groups.map((group, index) => (
        <div key={group.title ?? index} className="mt-4">
          {group.title && <h3 className="mb-2 text-lg font-semibold text-slate-800">{group.title}</h3>}
          <dl className="grid gap-x-6 gap-y-3 md:grid-cols-[minmax(12rem,1fr)_2fr]">
            {group.fields.map((field) => (
              <div key={field.name} className="contents">
                <dt className="font-semibold text-slate-700">{field.label}</dt>
                <dd className="max-w-[70ch] break-words whitespace-pre-line text-slate-900">
                  <SummaryValueView value={field.value} />
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </section>
  );
}

function SummaryValueView({ value }: { value: SummaryValue }) {
  const { t } = useTranslation('intake');
  if (value.kind === 'empty') return <span className="text-slate-600 italic">{t('summary.noAnswer')}</span>;
  if (value.kind === 'text') return <>{value.text}</>;
  if (value.kind === 'list') {
    if (value.items.length === 0) return <span className="text-slate-600">{t('summary.none')}</span>;
    return (
      <ul className="list-disc space-y-1 pl-5">
        {value.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  if (value.rows.length === 0) return <span className="text-slate-600">{t('summary.none')}</span>;
  return (
    <ol className="space-y-3">
      {value.rows.map((row) => (
        <li key={row.title} className="rounded-md border border-slate-200 p-3">
          <p className="font-semibold">{row.title}</p>
          <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            {row.fields.map((field) => (
              <div key={field.name} className="contents">
                <dt className="text-slate-700">{field.label}</dt>
                <dd>
                  <SummaryValueView value={field.value} />
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}
