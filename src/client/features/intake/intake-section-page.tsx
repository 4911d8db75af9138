import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import type { ManifestPart } from '../../../forms';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { toast } from '../../components/toast';
import { useIntake } from './api/get-intake';
import { sectionOf } from './api/types';
import { clientNameOf } from './form-data';
import { summaryPath, useFormText, useIntakeParts } from './intake-parts';
import { SectionEditor } from './section-editor';
import { SectionProgress } from './section-progress';

/**
 * /client-intake/new, /client-intake/:id and /client-intake/:id/:section (a slug of the manifest).
 * When the first save gives a new record its id, the address changes but the screen (and what was typed) stays.
 */
export function IntakeSectionPage() {
  const params = useParams();
  const parts = useIntakeParts();
  const index = parts.findIndex((part) => part.slug === (params.section ?? ''));
  const routeId = params.id === 'new' ? undefined : params.id;

  const created = useRef<string | undefined>(undefined);
  const [screen, setScreen] = useState({ index, routeId, generation: 0 });
  let { generation } = screen;
  if (screen.index !== index || screen.routeId !== routeId) {
    const sameScreenGotItsId =
      screen.index === index &&
      screen.routeId === undefined &&
      routeId !== undefined &&
      routeId === created.current;
    if (!sameScreenGotItsId) generation += 1;
    setScreen({ index, routeId, generation });
  }

  if (index < 0) return <Navigate to="/client-intake-list" replace />;
  return (
    <SectionScreen
      key={generation}
      parts={parts}
      index={index}
      routeId={routeId}
      onCreated={(id) => {
        created.current = id;
      }}
    />
  );
}

interface SectionScreenProps {
  parts: ManifestPart[];
  index: number;
  routeId: string | undefined;
  onCreated: (id: string) => void;
}

function SectionScreen({ parts, index, routeId, onCreated }: SectionScreenProps) {
  const { t } = useTranslation('intake');
  const formText = useFormText();
  const part = parts[index] as ManifestPart;
  const query = useIntake(routeId);
  const record = routeId ? query.data : undefined;
  const location = useLocation();
  // how the record was when this screen opened: its own submit must not turn the screen into the summary
  const openedAs = useRef<string | undefined>(undefined);
  if (record && openedAs.current === undefined) openedAs.current = record.status;

  useEffect(() => {
    if (query.isError) toast.error(t('toasts.loadFailed'));
  }, [query.isError, t]);

  const demographics = sectionOf(record, 'demographics');
  const clientName = clientNameOf(demographics);
  // a submitted record opens read-only, as its summary; changing it is an explicit reopen (ADR 060)
  if (routeId && openedAs.current === 'submitted') {
    return <Navigate to={summaryPath(routeId)} replace state={{ from: location.pathname }} />;
  }

  let body: ReactNode;
  if (!routeId && index > 0) {
    const demographicsFirst = index === 1;
    body = (
      <Alert
        tone="warning"
        role="none"
        title={demographicsFirst ? t('notices.demographicsFirstTitle') : t('notices.previousFirstTitle')}
        actions={<ButtonLink to="/client-intake/new">{t('buttons.goToDemographics')}</ButtonLink>}
      >
        {demographicsFirst ? t('notices.demographicsFirstText') : t('notices.previousFirstText')}
      </Alert>
    );
  } else if (routeId && query.isPending) {
    body = <LoadingBlock label={t('page.loading')} />;
  } else if (routeId && query.isError) {
    body = (
      <Alert
        tone="error"
        role="none"
        title={t('notices.loadFailedTitle')}
        actions={
          <>
            <Button onClick={() => void query.refetch()}>{t('buttons.tryAgain')}</Button>
            <ButtonLink to="/client-intake-list" variant="secondary">
              {t('buttons.backToList')}
            </ButtonLink>
          </>
        }
      >
        {t('notices.loadFailedText')}
      </Alert>
    );
  } else {
    body = <SectionEditor parts={parts} index={index} record={record} onCreated={onCreated} />;
  }

  return (
    <>
      <p className="mb-1 text-base font-semibold text-slate-700">
        {t('page.formTitle')} ·{' '}
        <span className="whitespace-nowrap">
          {t('page.sectionOf', { current: index + 1, total: parts.length })}
        </span>
      </p>
      <PageHeader
        title={formText(part.form, 'title')}
        description={formText(part.form, 'description')}
        documentTitle={`${formText(part.form, 'title')} – ${t('page.formTitle')}`}
      />
      {clientName && (
        <p className="-mt-4 mb-6 text-lg text-slate-800">{t('page.clientName', { name: clientName })}</p>
      )}
      <SectionProgress parts={parts} current={index} id={routeId} states={record?.sectionStates} />
      {routeId && record && (
        <p className="-mt-3 mb-6">
          <Link to={summaryPath(routeId)} className="inline-flex min-h-11 items-center">
            {t('buttons.viewSummary')}
          </Link>
        </p>
      )}
      {body}
    </>
  );
}
