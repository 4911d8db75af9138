import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManifestPart } from '../../../forms';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { toast } from '../../components/toast';
import { useFormEngine } from '../../forms/engine-context';
import { isApiError } from '../../lib/api-error';
import { useDeleteIntake } from './api/delete-intake';
import { type IntakeListItem, useIntakeList } from './api/list-intakes';
import { DeleteIntakeDialog } from './delete-intake-dialog';

const locale = (lang: string) => (lang === 'tr' ? 'tr-TR' : 'en-GB');

function formatUpdated(value: string, lang: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** The same marks as the section tabs: complete, in progress, not started. */
const STATE_STYLE = {
  complete: { icon: '✓', tone: 'text-green-900' },
  in_progress: { icon: '◐', tone: 'text-amber-900' },
  empty: { icon: '○', tone: 'text-slate-600' },
} as const;

function pathOf(id: string, part: ManifestPart | undefined): string {
  return `/client-intake/${id}${part?.slug ? `/${part.slug}` : ''}`;
}

/** /client-intake-list: the practitioner's intakes with open/continue, summary and delete; 'New intake'. */
export function IntakeListPage() {
  const { t } = useTranslation('intake');
  const list = useIntakeList();
  const remove = useDeleteIntake();
  const [target, setTarget] = useState<IntakeListItem | undefined>();

  useEffect(() => {
    if (list.isError) toast.error(t('list.loadFailed'));
  }, [list.isError, t]);

  const confirmDelete = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => {
        toast.success(t('list.deleted'));
        setTarget(undefined);
      },
      onError: (error) => {
        toast.error(t('list.deleteFailed'), {
          message: isApiError(error) ? error.serverMessage : undefined,
        });
      },
    });
  };

  let body: ReactNode;
  if (list.isPending) body = <LoadingBlock />;
  else if (list.isError) {
    body = (
      <Alert
        tone="error"
        role="none"
        title={t('list.loadFailed')}
        actions={<Button onClick={() => void list.refetch()}>{t('buttons.tryAgain')}</Button>}
      />
    );
  } else if (list.data.length === 0) body = <p className="text-slate-700">{t('list.empty')}</p>;
  else {
    body = (
      <ul className="space-y-4">
        {list.data.map((item) => (
          <IntakeCard key={item.id} item={item} onDelete={() => setTarget(item)} />
        ))}
      </ul>
    );
  }

  return (
    <>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <PageHeader title={t('list.title')} description={t('list.description')} />
        <ButtonLink to="/client-intake/new" className="shrink-0 sm:mt-1">
          <span aria-hidden="true">+</span> {t('list.new')}
        </ButtonLink>
      </div>
      {body}
      <DeleteIntakeDialog
        id={target?.id}
        name={target ? target.clientName || t('list.unnamed') : undefined}
        deleting={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setTarget(undefined)}
      />
    </>
  );
}

function IntakeCard({ item, onDelete }: { item: IntakeListItem; onDelete: () => void }) {
  const { t, i18n } = useTranslation('intake');
  const parts = useFormEngine().registry.manifest('intake').parts;
  const engine = useFormEngine({ texts: parts.map((part) => part.form) });
  const name = item.clientName || t('list.unnamed');
  const stateOf = (key: string) => item.sectionStates?.[key] ?? 'empty';
  const completeCount = parts.filter((part) => stateOf(part.key) === 'complete').length;
  const firstOpen = parts.find((part) => stateOf(part.key) !== 'complete');
  const submitted = item.status === 'submitted';
  // a draft continues at its first section not complete; a submitted intake opens read-only, as its summary
  const target = submitted ? `/client-intake/${item.id}/summary` : pathOf(item.id, firstOpen ?? parts[0]);
  const headingId = `intake-${item.id}`;
  const lang = i18n.resolvedLanguage ?? i18n.language;

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2
            id={headingId}
            className={`text-xl font-semibold break-words ${item.clientName ? 'text-slate-900' : 'text-slate-700 italic'}`}
          >
            {name}
          </h2>
          <span
            className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold ${
              submitted ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'
            }`}
          >
            <span aria-hidden="true">{submitted ? '✓' : '✎'}</span>
            <span className="sr-only">{t('list.status')}: </span>
            {t(`statusLabels.${item.status}`)}
          </span>
        </div>
        <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold text-slate-700">{t('list.updated')}</dt>
          <dd>{formatUpdated(item.updatedAt, lang)}</dd>
          <dt className="font-semibold text-slate-700">{t('list.sectionsComplete')}</dt>
          <dd>
            {t('list.sectionsCount', { count: completeCount, total: parts.length })}
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {parts.map((part) => {
                const state = stateOf(part.key);
                return (
                  <li key={part.key} data-state={state} className={STATE_STYLE[state].tone}>
                    <span aria-hidden="true">{STATE_STYLE[state].icon} </span>
                    {engine.t(lang === 'tr' ? 'tr' : 'en', part.form, '_form.shortTitle')}
                    <span className="sr-only"> ({t(`sectionStates.${state}`)})</span>
                  </li>
                );
              })}
            </ul>
          </dd>
        </dl>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <ButtonLink
            to={target}
            aria-label={t('list.actionFor', {
              action: submitted ? t('list.open') : t('list.continue'),
              name,
            })}
          >
            {submitted ? t('list.open') : t('list.continue')}
          </ButtonLink>
          <ButtonLink
            to={`/client-intake/${item.id}/summary`}
            variant="secondary"
            aria-label={t('list.actionFor', { action: t('list.summary'), name })}
          >
            {t('list.summary')}
          </ButtonLink>
          <Button
            variant="secondary"
            className="text-red-800! sm:ml-auto"
            onClick={onDelete}
            aria-label={t('list.actionFor', { action: t('list.delete'), name })}
          >
            {t('list.delete')}
          </Button>
        </div>
      </article>
    </li>
  );
}
