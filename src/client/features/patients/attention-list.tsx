import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_NOTE_MAX, type AttentionItem } from '../../../shared';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { formatDate } from '../../lib/format-date';
import { textIn, useQuestionnaireLibrary } from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';
import { useHandleAlert } from './api/alerts';
import { useClients } from './api/list-clients';
import { attentionCounts } from './new-results';

/**
 * "Needs attention" on the dashboard (ADR 166): every open alert, urgent first, then review, each with who
 * answered, the questionnaire, the flag and when, and the practitioner's two actions: seen, or resolved with a note.
 */
export function AttentionList({ items }: { items: readonly AttentionItem[] }) {
  const { t } = useTranslation('account');
  const counts = attentionCounts(items);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Alert tone={counts.urgent > 0 ? 'error' : 'warning'} role="none">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('dashboard.attentionTitle', { count: items.length })}
        </h2>
        <p>{t('dashboard.attentionCounts', { urgent: counts.urgent, review: counts.review })}</p>
        <ul className="mt-3 divide-y divide-current/20 border-t border-current/20" data-attention-list>
          {items.map((item) => (
            <AttentionEntry key={`${item.kind}-${item.id}`} item={item} />
          ))}
        </ul>
      </Alert>
    </section>
  );
}

function AttentionEntry({ item }: { item: AttentionItem }) {
  const { t } = useTranslation(['account', 'questionnaires']);
  const lang = useLang();
  const library = useQuestionnaireLibrary();
  const clients = useClients('');
  const entry = library.data?.find((e) => e.id === item.questionnaireId);
  const title = entry ? textIn(entry.title, lang) : item.questionnaireId;
  const flagWords = item.flagId ? entry?.flags?.[item.flagId] : undefined;
  const what =
    item.kind === 'unanswered'
      ? t('dashboard.alertUnanswered')
      : flagWords
        ? textIn(flagWords, lang)
        : t('dashboard.alertFlagged');
  const client = clients.data?.find((c) => c.id === item.clientId)?.name;
  const who = item.respondent ? t(`questionnaires:respondents.${item.respondent}`) : '';
  const clientPath = `/patients/${encodeURIComponent(item.clientId)}`;
  return (
    <li className="space-y-2 py-3" data-alert-level={item.level}>
      <p>
        <span className="mr-2 inline-block rounded-full border border-current px-2 text-sm font-semibold">
          <span aria-hidden="true">{item.level === 'urgent' ? '!! ' : '! '}</span>
          {t(`dashboard.alertLevel.${item.level}`)}
        </span>
        <strong>{what}</strong>
      </p>
      <p className="text-sm">
        {[client, title, who && t('dashboard.alertAnsweredBy', { who }), formatDate(item.at, lang)]
          .filter(Boolean)
          .join(' · ')}
        {item.expiresAt
          ? ` · ${t('dashboard.alertExpires', { date: formatDate(item.expiresAt, lang) })}`
          : ''}
      </p>
      {item.kind === 'flag' ? (
        <AlertActions item={item} label={`${what} – ${title}`} />
      ) : (
        <ButtonLink to={clientPath} variant="secondary">
          {t('dashboard.newResultsOpenClient')}
        </ButtonLink>
      )}
    </li>
  );
}

/** Open the response, mark the alert seen, or resolve it with an optional note. */
function AlertActions({ item, label }: { item: AttentionItem; label: string }) {
  const { t } = useTranslation('account');
  const handle = useHandleAlert();
  const [resolving, setResolving] = useState(false);
  const [note, setNote] = useState('');
  const noteId = useId();
  const hintId = useId();
  const errorId = useId();
  const send = (state: 'seen' | 'resolved') =>
    handle.mutate({ id: item.id, state, ...(note.trim() ? { note } : {}) });
  const responsePath = `/patients/${encodeURIComponent(item.clientId)}/responses/${encodeURIComponent(item.responseId)}`;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <ButtonLink to={responsePath} aria-label={`${t('dashboard.attentionOpenResponse')}: ${label}`}>
          {t('dashboard.attentionOpenResponse')}
        </ButtonLink>
        <Button
          variant="secondary"
          loading={handle.isPending && handle.variables?.state === 'seen'}
          aria-label={`${t('dashboard.alertSeen')}: ${label}`}
          onClick={() => send('seen')}
        >
          {t('dashboard.alertSeen')}
        </Button>
        {!resolving && (
          <Button
            variant="secondary"
            aria-label={`${t('dashboard.alertResolve')}: ${label}`}
            onClick={() => setResolving(true)}
          >
            {t('dashboard.alertResolve')}
          </Button>
        )}
      </div>
      {resolving && (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            send('resolved');
          }}
        >
          <label htmlFor={noteId} className="block font-semibold">
            {t('dashboard.alertNote')}
          </label>
          <p id={hintId} className="text-sm">
            {t('dashboard.alertNoteHint', { max: ALERT_NOTE_MAX })}
          </p>
          <textarea
            id={noteId}
            value={note}
            maxLength={ALERT_NOTE_MAX}
            rows={2}
            aria-describedby={handle.isError ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => setNote(event.target.value)}
            className="block w-full max-w-xl rounded-md border border-slate-500 bg-white p-2 text-slate-900"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={handle.isPending && handle.variables?.state === 'resolved'}>
              {t('dashboard.alertResolveConfirm')}
            </Button>
            <Button variant="secondary" type="button" onClick={() => setResolving(false)}>
              {t('dashboard.alertCancel')}
            </Button>
          </div>
        </form>
      )}
      {handle.isError && (
        <p id={errorId} role="alert" className="font-semibold text-red-800">
          {t('dashboard.alertFailed')}
        </p>
      )}
    </div>
  );
}
