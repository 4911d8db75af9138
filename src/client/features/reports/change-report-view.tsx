import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CHANGE_OUTCOMES, type ChangeOutcome } from '../../../shared';
import type { ChangeReport } from './api/change-report';

type Client = ChangeReport['clients'][number];
type Section = ChangeOutcome | 'recovered';

/** The words of an outcome: the shared words of change, and the report's own for one score only. */
const outcomeKey = (outcome: ChangeOutcome) =>
  outcome === 'singleScore' ? 'changeReport.singleScore' : `change.${outcome}`;

function useFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'tr' ? 'tr-TR' : 'en-GB';
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Istanbul' });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return {
    at: (iso: string) => date.format(new Date(iso)),
    day: (isoDay: string) => day.format(new Date(`${isoDay}T00:00:00Z`)),
    score: (value: number) => number.format(value),
  };
}

function ClientRow({ client, questionnaireId }: { client: Client; questionnaireId: string }) {
  const { t } = useTranslation('questionnaires');
  const format = useFormats();
  const scoreAt = (end: Client['first']) =>
    t('changeReport.scoreOn', { score: format.score(end.score), date: format.at(end.submittedAt) });
  return (
    <li data-report-row className="py-3">
      <Link
        to={`/patients/${client.clientId}/results/${questionnaireId}`}
        className="inline-flex min-h-11 items-center font-semibold break-words sm:min-h-0"
      >
        {client.name || t('patients.unnamed')}
      </Link>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-slate-800 sm:flex sm:flex-wrap sm:gap-x-2">
        <dt className="font-semibold">{t('changeReport.first')}</dt>
        <dd className="sm:mr-4">{scoreAt(client.first)}</dd>
        <dt className="font-semibold">{t('changeReport.last')}</dt>
        <dd className="sm:mr-4">{client.last ? scoreAt(client.last) : t('changeReport.none')}</dd>
        {client.outcome && (
          <>
            <dt className="font-semibold">{t('changeReport.csv.change')}</dt>
            <dd>
              {t(outcomeKey(client.outcome))}
              {client.recovered && ` · ${t('change.recovered')}`}
            </dd>
          </>
        )}
      </dl>
    </li>
  );
}

function ClientList({
  id,
  title,
  clients,
  questionnaireId,
}: {
  id: string;
  title: string;
  clients: Client[];
  questionnaireId: string;
}) {
  const { t } = useTranslation('questionnaires');
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-8 scroll-mt-4">
      <h2 id={`${id}-title`} className="border-b border-slate-300 pb-1 text-lg font-semibold text-slate-900">
        {title}{' '}
        <span className="font-normal text-slate-700">
          ({t('changeReport.clients', { count: clients.length })})
        </span>
      </h2>
      {clients.length === 0 ? (
        <p className="py-3 text-slate-700">{t('changeReport.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {clients.map((client) => (
            <ClientRow key={client.clientId} client={client} questionnaireId={questionnaireId} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The numbers and, behind each, its clients: every number links to its list further down the page (and the
 * printout carries them all).
 */
export function ChangeReportView({
  report,
  respondentLabel,
}: {
  report: ChangeReport;
  respondentLabel?: string;
}) {
  const { t } = useTranslation('questionnaires');
  const format = useFormats();
  const { criteria, counts } = report;
  const sections: Section[] = [...CHANGE_OUTCOMES];
  if (counts?.recovered !== null && counts?.recovered !== undefined) sections.splice(1, 0, 'recovered');
  const titleOf = (section: Section) =>
    section === 'recovered' ? t('change.recovered') : t(outcomeKey(section));
  const clientsOf = (section: Section) =>
    report.clients.filter((c) => (section === 'recovered' ? c.recovered === true : c.outcome === section));
  return (
    <div>
      <section
        aria-labelledby="report-summary"
        className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="report-summary" className="text-lg font-semibold text-slate-900">
          {t('changeReport.summary')}
        </h2>
        <p className="mt-1 text-slate-800">
          {t('changeReport.period', { from: format.day(report.from), to: format.day(report.to) })}
          {respondentLabel && ` · ${t('changeReport.respondent')}: ${respondentLabel}`}
        </p>
        {criteria?.threshold != null && (
          <p className="mt-1 max-w-prose text-sm text-slate-700">
            {t('changeReport.threshold', {
              threshold: format.score(Math.round(criteria.threshold * 100) / 100),
            })}
            {criteria.cutoff !== null &&
              ` ${t(
                criteria.higherIs === 'worse' ? 'changeReport.cutoffWorse' : 'changeReport.cutoffBetter',
                {
                  cutoff: format.score(criteria.cutoff),
                },
              )}`}
          </p>
        )}
        {counts ? (
          <ul className="mt-4 grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-5">
            {sections.map((section) => (
              <li key={section}>
                <a
                  href={`#outcome-${section}`}
                  className="flex h-full min-h-11 flex-col rounded-md border border-slate-300 p-3 no-underline hover:bg-slate-50"
                >
                  <span className="text-3xl font-bold text-slate-900">{counts[section]}</span>
                  <span className="text-sm text-slate-800 underline">{titleOf(section)}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p role="note" className="mt-3 max-w-prose border-l-4 border-amber-600 pl-3 text-slate-800">
            {t('changeReport.noParameters')}
          </p>
        )}
      </section>
      {report.clients.length === 0 ? (
        <p className="mt-6 text-slate-800">{t('changeReport.noScores')}</p>
      ) : counts ? (
        sections.map((section) => (
          <ClientList
            key={section}
            id={`outcome-${section}`}
            title={titleOf(section)}
            clients={clientsOf(section)}
            questionnaireId={report.questionnaireId}
          />
        ))
      ) : (
        <ClientList
          id="outcome-scored"
          title={t('changeReport.scored')}
          clients={report.clients}
          questionnaireId={report.questionnaireId}
        />
      )}
    </div>
  );
}
