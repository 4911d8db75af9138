import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { type QuestionnaireDefinition, questionnaireFormId } from '../../../forms/questionnaires';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { useEngineWarmUp } from '../../forms/engine-context';
import { LicenceNotice } from '../../forms/questionnaire/licence-notice';
import { formatDate } from '../../lib/format-date';
import { usePractitionerSignature } from '../../lib/practitioner-signature';
import { printedPageCss, type RunningText } from '../../lib/print-page';
import { useQuestionnaireDefinition, useQuestionnaireWords } from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';
import { useClient } from './api/get-client';
import type { ClientView, QuestionnaireResults } from './api/types';
import { DownloadScoresButton } from './download-scores-button';
import { ExportAnswers } from './export-answers';
import { ResultsRehearsal } from './results-rehearsal';
import { prepareFormatters, ResultsView } from './results-view';

/**
 * Printing drops the app's frame (top bar, sidebar, footer) and the page's own buttons; charts keep their shades.
 * Every page's margin names the client, the questionnaire and the date, and counts the pages (ADR 114).
 */
function printCss(running: RunningText) {
  return `${printedPageCss(running)}
@media print {
  body { background: #fff; }
  body header, body footer, body nav, [data-print-hidden] { display: none !important; }
  /* the sidebar goes; the licence notice (an aside inside main) stays */
  body aside:not(main aside) { display: none !important; }
  main { max-width: none !important; padding: 0 !important; }
  svg, [data-scale] { break-inside: avoid-page; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  /* paper is read at arm's length: smaller headings and tighter spacing keep a typical client on one page */
  main h1 { font-size: 16pt !important; }
  main div:has(> h1) { margin-bottom: 0.75rem !important; }
  /* "Scores of <client> over time": the printed heading names the client already */
  main div:has(> h1) > p { display: none; }
  [data-scale] h3 { font-size: 11pt; line-height: 1.3; }
  /* small print keeps a line of its own size, not the screen's 20 px */
  [data-scale] td, [data-scale] th { padding-top: 0; padding-bottom: 0; font-size: 8pt; line-height: 1.3; }
  main aside { padding: 0.5rem 0.75rem !important; }
}`;
}

/**
 * /patients/:clientId/results/:questionnaireId: each scale's scores over time (chart and table), bands and
 * flagged answers; prints as a report in the practitioner's language with the licence notice.
 */
export function ResultsPage() {
  const { clientId, questionnaireId } = useParams();
  const { t } = useTranslation('questionnaires');
  const client = useClient(clientId);
  const results = client.data?.results.find((r) => r.questionnaireId === questionnaireId);
  // the words of the questionnaire are drawn by the engine: it and the words load while the client's data and the
  // definition are on their way (the latest version until the client's says which), and the results wait for them
  // here, so they are drawn in one go and not suspended and redrawn in slices when the words come last (ADR 143)
  const words = useMemo(
    () => ({
      forms: [{ form: questionnaireFormId(questionnaireId ?? ''), version: results?.latestVersion }],
    }),
    [questionnaireId, results?.latestVersion],
  );
  const wordsIn = useEngineWarmUp(words);
  const lang = useLang();
  // and so are the formatters made, whose first costs most (ADR 140), and the normed scores' first words (ADR 147)
  const widgets = useTranslation('widgets').t;
  useEffect(() => prepareFormatters(lang, widgets), [lang, widgets]);
  const definition = useQuestionnaireDefinition(
    results?.questionnaireId,
    results?.latestVersion,
    results?.latestScoringVersion,
  );
  if (client.isPending || (results && (definition.isPending || !wordsIn))) {
    return (
      <>
        <LoadingBlock />
        {/* the page's code is compiled on a made-up history while its data is on its way (ADR 160) */}
        <ResultsRehearsal />
      </>
    );
  }
  if (client.isError || definition.isError || !client.data || !results || !definition.data) {
    return (
      <Alert
        tone="error"
        role="none"
        title={t('results.notFound')}
        actions={
          <ButtonLink to={`/patients/${clientId ?? ''}`} variant="secondary">
            {t('fill.backToClient')}
          </ButtonLink>
        }
      />
    );
  }
  return <Report client={client.data} results={results} definition={definition.data} />;
}

function Report({
  client,
  results,
  definition,
}: {
  client: ClientView;
  results: QuestionnaireResults;
  definition: QuestionnaireDefinition;
}) {
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  const engine = useQuestionnaireWords(definition);
  const practitioner = usePractitionerSignature();
  // the same map while the client's data is the same: the results (memo) are not redrawn for the header's sake
  const scored = useMemo(
    () => new Map(client.responses.map((response) => [response.id, response.result])),
    [client.responses],
  );
  const title = engine.t(lang, definition.formId, '_form.title');
  const name = client.name || t('patients.unnamed');
  // the page's one date formatter, not a new one per render: making an Intl formatter is slow on a slow phone
  const printedOn = formatDate(new Date(), lang);
  return (
    <article className="max-w-4xl">
      <style>{printCss({ left: `${name} · ${title}`, right: printedOn, page: t('report.page') })}</style>
      <div data-print-heading className="mb-4 hidden border-b border-slate-400 pb-3 text-sm print:block">
        <dl className="flex flex-wrap gap-x-2">
          <dt className="font-semibold">{t('report.practitioner')}</dt>
          <dd className="mr-4">{practitioner}</dd>
          <dt className="font-semibold">{t('report.client')}</dt>
          <dd className="mr-4">{name}</dd>
          <dt className="font-semibold">{t('report.printedOn')}</dt>
          <dd>{printedOn}</dd>
        </dl>
      </div>
      <PageHeader title={t('results.title', { title })} description={t('results.description', { name })} />
      <div data-print-hidden className="mb-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button onClick={() => window.print()}>{t('results.print')}</Button>
        <DownloadScoresButton clientId={client.id} />
        <ExportAnswers clientId={client.id} questionnaireId={results.questionnaireId} title={title} />
        <Link to={`/patients/${client.id}`} className="inline-flex min-h-11 items-center self-center">
          {t('fill.backToClient')}
        </Link>
      </div>
      <ResultsView results={results} definition={definition} scored={scored} />
      <div className="mt-8 print:mt-3">
        <LicenceNotice questionnaire={definition} />
      </div>
    </article>
  );
}
