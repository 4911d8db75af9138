import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ScheduleView } from '../../../shared';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadingBlock } from '../../components/spinner';
import { toast } from '../../components/toast';
import { formatDate } from '../../lib/format-date';
import { textIn, useQuestionnaireLibrary } from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';
import { type ScheduleAction, useClientSchedules, useScheduleAction } from './api/schedules';
import { formatDay } from './days';
import { OccurrenceStateTag } from './occurrence-state';
import { ScheduleDialog } from './schedule-dialog';
import { ruleInWords } from './schedule-rule';

/** The client page's schedules card: 'Repeat' makes one; each says its rule, state and sendings, and can be paused. */
export function ClientSchedules({ clientId }: { clientId: string }) {
  const { t } = useTranslation('schedules');
  const schedules = useClientSchedules(clientId);
  const [open, setOpen] = useState(false);
  const listHeading = useRef<HTMLHeadingElement>(null);
  return (
    <Card title={t('section.title')}>
      <div className="space-y-4">
        <p className="max-w-prose text-slate-700">{t('section.intro')}</p>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <span aria-hidden="true">↻</span> {t('section.repeat')}
        </Button>
        <ScheduleDialog clientId={clientId} open={open} onClose={() => setOpen(false)} />
        <h3 ref={listHeading} tabIndex={-1} className="sr-only">
          {t('list.title')}
        </h3>
        {schedules.isPending && <LoadingBlock />}
        {schedules.isError && <Alert tone="error" role="none" title={t('section.loadFailed')} />}
        {schedules.data?.length === 0 && <p className="text-slate-700">{t('section.none')}</p>}
        {schedules.data && schedules.data.length > 0 && (
          <ul className="space-y-4">
            {[...schedules.data].reverse().map((schedule) => (
              <ScheduleItem
                key={schedule.id}
                schedule={schedule}
                onStopped={() => requestAnimationFrame(() => listHeading.current?.focus())}
              />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

const STATE_ICON: Record<ScheduleView['state'], string> = {
  active: '▶',
  paused: '❚❚',
  stopped: '■',
  finished: '✓',
};

function ScheduleItem({ schedule, onStopped }: { schedule: ScheduleView; onStopped: () => void }) {
  const { t } = useTranslation('schedules');
  const { t: tq } = useTranslation('questionnaires');
  const lang = useLang();
  const library = useQuestionnaireLibrary();
  const action = useScheduleAction();
  const [confirming, setConfirming] = useState(false);
  const entry = library.data?.find((e) => e.id === schedule.questionnaireId);
  const title = entry ? textIn(entry.title, lang) : schedule.questionnaireId;
  const heading = `${title} · ${tq(`respondents.${schedule.respondent}`)}`;
  const run = (name: ScheduleAction) =>
    action.mutate(
      { id: schedule.id, action: name },
      {
        onSuccess: () =>
          toast.success(
            t(name === 'pause' ? 'list.paused' : name === 'resume' ? 'list.resumed' : 'list.stopped'),
          ),
        onError: () => toast.error(t('list.actionFailed')),
      },
    );
  const details = [
    t('list.to', { email: schedule.email }),
    schedule.remindAfterDays ? t('list.reminder', { count: schedule.remindAfterDays }) : '',
    schedule.hasCode ? t('list.withCode') : '',
    tq(`languages.${schedule.language}`),
  ].filter(Boolean);
  const running = schedule.state === 'active' || schedule.state === 'paused';

  return (
    <li className="rounded-lg border border-slate-300 p-4" data-testid="schedule" data-state={schedule.state}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="font-semibold break-words text-slate-900">{heading}</h4>
          <p className="text-slate-800">{ruleInWords(schedule, t, lang)}</p>
          <p className="text-sm break-words text-slate-700">{details.join(' · ')}</p>
        </div>
        <span
          className="inline-flex items-center gap-1 rounded-full border border-slate-500 px-2 py-0.5 text-sm font-semibold"
          data-testid="schedule-state"
        >
          <span aria-hidden="true">{STATE_ICON[schedule.state]}</span>
          {t(`states.${schedule.state}`)}
        </span>
      </div>
      <p className="mt-2 text-sm font-semibold text-slate-900">
        {schedule.nextDueOn
          ? t('list.nextDue', { date: formatDay(schedule.nextDueOn, lang) })
          : t('list.noneNext')}
      </p>
      {schedule.occurrences.length > 0 && (
        <details className="mt-2" open={schedule.occurrences.length <= 12}>
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-accent-800">
            {t('list.occurrences')} ({schedule.occurrences.length})
          </summary>
          <ol className="divide-y divide-slate-200">
            {schedule.occurrences.map((occurrence) => (
              <li
                key={occurrence.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
                data-testid="occurrence"
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-medium">
                    {t('list.dueOn', { date: formatDay(occurrence.dueOn, lang) })}
                  </span>
                  <OccurrenceStateTag state={occurrence.state} />
                  <span className="text-sm text-slate-700">
                    {[
                      occurrence.sentAt
                        ? t('list.sentOn', { date: formatDate(occurrence.sentAt, lang) })
                        : '',
                      occurrence.remindedAt
                        ? t('list.remindedOn', { date: formatDate(occurrence.remindedAt, lang) })
                        : '',
                      occurrence.answeredAt
                        ? t('list.answeredOn', { date: formatDate(occurrence.answeredAt, lang) })
                        : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </div>
                {occurrence.state === 'answered' && occurrence.responseId && (
                  <Link
                    to={`/patients/${schedule.clientId}/responses/${occurrence.responseId}`}
                    aria-label={t('list.openResponseOf', { date: formatDay(occurrence.dueOn, lang) })}
                    className="inline-flex min-h-11 items-center"
                  >
                    {t('list.openResponse')}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </details>
      )}
      {running && (
        <div className="mt-3 flex flex-wrap gap-2">
          {schedule.state === 'active' ? (
            <Button
              variant="secondary"
              onClick={() => run('pause')}
              loading={action.isPending && action.variables?.action === 'pause'}
              aria-label={`${t('list.pause')}: ${heading}`}
            >
              {t('list.pause')}
            </Button>
          ) : (
            <Button
              variant="secondary"
              onClick={() => run('resume')}
              loading={action.isPending && action.variables?.action === 'resume'}
              aria-label={`${t('list.resume')}: ${heading}`}
            >
              {t('list.resume')}
            </Button>
          )}
          <Button
            variant="secondary"
            onClick={() => setConfirming(true)}
            aria-label={`${t('list.stop')}: ${heading}`}
          >
            {t('list.stop')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('list.stopTitle')}
        cancelText={t('list.stopCancel')}
        confirmText={t('list.stopConfirm')}
        tone="danger"
        onConfirm={() => {
          setConfirming(false);
          run('stop');
          onStopped();
        }}
        onCancel={() => setConfirming(false)}
      >
        <p className="font-semibold text-slate-900">{heading}</p>
        <p className="mt-2 text-slate-700">{t('list.stopText')}</p>
      </ConfirmDialog>
    </li>
  );
}
