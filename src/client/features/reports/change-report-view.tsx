import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ChangeOutcome } from '../../../shared';
import type { ChangeReport } from './api/change-report';
import { reportTiles } from './tiles';

type Client = ChangeReport['clients'][number];

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
      <dl className="flex flex-col gap-y-0.5 text-sm text-slate-800 sm:flex-row sm:flex-wrap sm:gap-x-6">
        <div className="flex gap-2">
          <dt className="font-semibold">{t('changeReport.first')}</dt>
          <dd>{scoreAt(client.first)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="font-semibold">{t('changeReport.last')}</dt>
          <dd>{client.last ? scoreAt(client.last) : t('changeReport.none')}</dd>
        </div>
        {client.outcome && (
          <div className="flex gap-2">
            <dt className="font-semibold">{t('changeReport.csv.change')}</dt>
            <dd>
              {t(outcomeKey(client.outcome))}
              {client.recovered && ` · ${t('change.recovered')}`}
            </dd>
          </div>
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
  // each client in one tile and one list; the recovered are counted within the reliably improved
  const tiles = counts ? reportTiles(counts) : [];
  const clientsOf = (outcome: ChangeOutcome) => report.clients.filter((c) => c.outcome === outcome);
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
          <ul className="mt-4 grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-4">
            {tiles.map((tile) => (
              <li key={tile.outcome} data-report-tile={tile.outcome}>
                <a
                  href={`#outcome-${tile.outcome}`}
                  className="flex h-full min-h-11 flex-col rounded-md border border-slate-300 p-3 no-underline hover:bg-slate-50"
                >
                  <span className="text-3xl font-bold text-slate-900" data-tile-count>
                    {tile.count}
                  </span>
                  <span className="text-sm text-slate-800 underline">{t(outcomeKey(tile.outcome))}</span>
                  {tile.recovered !== null && (
                    <span className="mt-1 text-sm text-slate-800" data-tile-recovered>
                      {t('changeReport.recoveredWithin', { value: tile.recovered })}
                    </span>
                  )}
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
        tiles.map(({ outcome }) => (
          <ClientList
            key={outcome}
            id={`outcome-${outcome}`}
            title={t(outcomeKey(outcome))}
            clients={clientsOf(outcome)}
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
