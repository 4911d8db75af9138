import { type FormEvent, type ReactNode, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visibleAnswers, visibleItems } from '../../forms/questionnaires';
import { LoadingBlock } from '../components/spinner';
import { QuestionnaireForm } from '../forms/questionnaire/questionnaire-form';
import { useQuestionnaireText } from '../forms/questionnaire/use-questionnaire-text';
import { LanguageSwitcher } from '../i18n/language-switcher';
import type { SaveOutcome } from '../lib/draft/answers-draft';
import { createDeviceCopy, startingData } from '../lib/draft/device-copy';
import { useAnswersDraft } from '../lib/draft/use-answers-draft';
import { Hydrated } from './hydrated';
import { keptKey, progressOf } from './progress';
import {
  type Answers,
  type ClosedReason,
  type LinkView,
  type Outcome,
  type RespondentHelp,
  readLink,
  saveAnswers,
  saveLanguage,
  submitAnswers,
} from './respond-api';
import { codeKey } from './respond-code';
import { useRespondentWords } from './respondent-words';

/** The respondent's draft: saved soon after each answer, retried quickly (a phone's connection comes and goes). */
const DRAFT_TIMING = { delay: 800, retryDelays: [2000, 5000, 10_000, 30_000] } as const;

/** A save's answer as the draft model reads it; no connection (or a server away) is a rejection, retried. */
function saveOutcome(outcome: Outcome<{ version: number }>): SaveOutcome {
  if (outcome.kind === 'ok') return { kind: 'saved', savedAt: new Date() };
  if (outcome.kind === 'offline') throw new Error('offline');
  return outcome.kind === 'closed' ? { kind: 'closed' } : { kind: 'refused' };
}

type View =
  | { kind: 'form'; link: LinkView }
  | { kind: 'code'; wrong: boolean; attemptsLeft?: number }
  | { kind: 'closed'; reason: ClosedReason }
  | { kind: 'notFound' }
  | { kind: 'offline' }
  | { kind: 'thanks'; help?: RespondentHelp; respondent?: string | null };

function viewOf(outcome: Outcome<LinkView>): View {
  switch (outcome.kind) {
    case 'ok':
      return { kind: 'form', link: outcome.value };
    case 'code':
      return { kind: 'code', wrong: outcome.wrong, attemptsLeft: outcome.attemptsLeft };
    case 'closed':
      return { kind: 'closed', reason: outcome.reason };
    case 'offline':
      return { kind: 'offline' };
    default:
      return { kind: 'notFound' };
  }
}

const primary =
  'inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-accent-700 px-6 py-3 text-lg font-semibold text-white hover:bg-accent-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700 disabled:opacity-60 sm:w-auto';

/** The public page a respondent opens from a link: no account, one questionnaire, phone first. */
export function RespondPage({
  token,
  code: firstCode,
  first,
}: {
  token: string;
  code: string | undefined;
  first: Outcome<LinkView>;
}) {
  const [view, setView] = useState<View>(() => viewOf(first));
  const [code, setCode] = useState(firstCode);

  const open = useCallback(
    async (withCode: string | undefined) => {
      const outcome = await readLink(token, withCode);
      if (outcome.kind === 'ok' && withCode) {
        try {
          sessionStorage.setItem(codeKey(token), withCode);
        } catch {
          // blocked storage: the code is asked again after a reload
        }
      }
      setCode(withCode);
      setView(viewOf(outcome));
    },
    [token],
  );

  return (
    <main className="mx-auto min-h-screen max-w-2xl bg-white px-4 py-6 text-slate-900 sm:px-6">
      <Suspense fallback={<LoadingBlock />}>
        <Screen
          view={view}
          token={token}
          code={code}
          open={open}
          onDone={(help, respondent) => setView({ kind: 'thanks', help, respondent })}
          onClosed={(reason) => setView((now) => (now.kind === 'thanks' ? now : { kind: 'closed', reason }))}
        />
      </Suspense>
    </main>
  );
}

/** One screen of the page by what the link answered: the form, a code, a closed link, or the thank-you. */
export function Screen({
  view,
  token,
  code,
  open,
  onDone,
  onClosed,
}: {
  view: View;
  token: string;
  code: string | undefined;
  open: (code: string | undefined) => Promise<void>;
  onDone: (help?: RespondentHelp, respondent?: string | null) => void;
  onClosed: (reason: ClosedReason) => void;
}) {
  const { t } = useTranslation('respond');
  const words = useRespondentWords(view.kind === 'thanks' ? view.respondent : null);
  switch (view.kind) {
    case 'form':
      return <FillIn link={view.link} token={token} code={code} onDone={onDone} onClosed={onClosed} />;
    case 'code':
      return <CodeEntry wrong={view.wrong} attemptsLeft={view.attemptsLeft} open={open} />;
    case 'closed':
      return <Message title={t(`closed.${view.reason}.title`)} text={t(`closed.${view.reason}.text`)} />;
    case 'thanks':
      return (
        <Message title={words('thanks.title')} text={words('thanks.text')}>
          {view.help && <Help help={view.help} respondent={view.respondent} />}
        </Message>
      );
    case 'offline':
      return (
        <Message title={t('offlineStart.title')} text={t('offlineStart.text')}>
          <button type="button" className={primary} onClick={() => void open(code)}>
            {t('offlineStart.retry')}
          </button>
        </Message>
      );
    default:
      return <Message title={t('notFound.title')} text={t('notFound.text')} />;
  }
}

function Message({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <section className="py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-accent-800">{t('app.name')}</p>
      <h1 className="mt-2 text-2xl font-bold">{title}</h1>
      <p className="mt-3 max-w-prose text-lg">{text}</p>
      {children && <div className="mt-6">{children}</div>}
    </section>
  );
}

/**
 * What a respondent whose answer raised a flag reads after sending (ADR 108): the questionnaire's own words and
 * the deployment's support lines, each a tap to call. Never a score.
 */
function Help({ help, respondent }: { help: RespondentHelp; respondent?: string | null }) {
  const t = useRespondentWords(respondent);
  return (
    <section
      aria-labelledby="respondent-help"
      className="rounded-lg border-l-4 border-accent-700 bg-accent-50 p-4 text-lg"
    >
      <h2 id="respondent-help" className="text-xl font-bold">
        {t('help.title')}
      </h2>
      {help.text && <p className="mt-2 max-w-prose">{help.text}</p>}
      {help.lines.length > 0 && (
        <>
          <p className="mt-3 font-semibold">{t('help.lines')}</p>
          <ul className="mt-2 space-y-2">
            {help.lines.map((line) => (
              <li key={`${line.phone}-${line.name}`}>
                <a
                  href={`tel:${line.phone.replace(/[^\d+]/g, '')}`}
                  aria-label={t('help.call', { name: line.name, phone: line.phone })}
                  className="inline-flex min-h-11 flex-wrap items-center gap-x-2 font-semibold"
                >
                  <span>{line.name}</span>
                  <span className="tracking-wide">{line.phone}</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function CodeEntry({
  wrong,
  attemptsLeft,
  open,
}: {
  wrong: boolean;
  attemptsLeft?: number;
  open: (code: string) => Promise<void>;
}) {
  const { t } = useTranslation('respond');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    await open(value.trim());
    setBusy(false);
  };
  return (
    <Message title={t('code.title')} text={t('code.text')}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <label htmlFor="link-code" className="block font-semibold">
          {t('code.label')}
        </label>
        <input
          id="link-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="[0-9]{6}"
          value={value}
          onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
          aria-invalid={wrong}
          aria-describedby={wrong ? 'link-code-error' : undefined}
          className="block min-h-12 w-40 rounded-lg border border-slate-500 px-3 text-2xl tracking-widest"
        />
        {wrong && (
          <p id="link-code-error" role="alert" className="font-semibold text-red-800">
            {t('code.wrong', { count: attemptsLeft ?? 0 })}
          </p>
        )}
        <button type="submit" className={primary} disabled={busy || value.length !== 6}>
          {t('code.open')}
        </button>
        <Hydrated />
      </form>
    </Message>
  );
}

function FillIn({
  link,
  token,
  code,
  onDone,
  onClosed,
}: {
  link: LinkView;
  token: string;
  code: string | undefined;
  onDone: (help?: RespondentHelp, respondent?: string | null) => void;
  onClosed: (reason: ClosedReason) => void;
}) {
  const { t: common } = useTranslation('common');
  // the link's informant: their wording and items (ADR 126), the page's words addressed to them too
  const respondent = link.respondent ?? null;
  const t = useRespondentWords(respondent);
  const { text } = useQuestionnaireText(link.questionnaire, undefined, respondent);
  const closedRef = useRef(onClosed);
  closedRef.current = onClosed;
  const [refused, setRefused] = useState<Record<string, string>>();
  // refused for another reason than the answers (a code asked again, an unknown link): said, never silent
  const [notSent, setNotSent] = useState(false);
  // one link's draft; the link has one writer, so saves carry no version (last answers win)
  const { draft, state } = useAnswersDraft(() => {
    const copy = createDeviceCopy<Answers>(globalThis.localStorage, keptKey(token));
    const start = startingData(link.answers, copy.load());
    return {
      ...DRAFT_TIMING,
      answers: start.data,
      pending: start.pending,
      savedAt: null,
      copy,
      save: async (answers) => {
        const outcome = await saveAnswers(token, code, answers);
        if (outcome.kind === 'closed') closedRef.current(outcome.reason);
        return saveOutcome(outcome);
      },
    };
  });
  const { answers } = state;

  // queued like a save: after the save that runs, and sent by itself once the connection is back
  const submit = async () => {
    setRefused(undefined);
    setNotSent(false);
    const outcome = await draft.submit(async (last) => {
      const answer = await submitAnswers(token, code, visibleAnswers(link.questionnaire, last, respondent));
      if (answer.kind === 'offline') throw new Error('offline');
      return answer;
    });
    if (outcome.kind === 'ok') {
      draft.done();
      onDone(outcome.value.help, respondent);
    } else if (outcome.kind === 'closed') {
      draft.done();
      onClosed(outcome.reason);
    } else if (outcome.kind === 'invalid') setRefused(outcome.fields);
    else setNotSent(true);
  };
  const [languageFailed, setLanguageFailed] = useState(false);
  const sending = state.submitting && !state.failed;
  const sendFailed = state.submitting && state.failed;
  // "saved" only once something is: a save of this visit, or answers the server already held when the page opened
  const somethingSaved = state.lastSavedAt !== null || Object.keys(link.answers).length > 0;
  const status = state.closed
    ? 'closed'
    : state.saving
      ? 'saving'
      : state.failed || (state.offline && state.dirty)
        ? 'offline'
        : somethingSaved
          ? 'saved'
          : 'unsaved';

  const shown = visibleItems(link.questionnaire, answers, respondent);
  const progress = progressOf(shown, answers);
  const who = [link.practitioner.name, link.practitioner.title].filter(Boolean).join(', ');

  return (
    <article>
      <header className="mb-6 border-b border-slate-200 pb-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-semibold uppercase tracking-wide text-accent-800">
            {common('app.name')}
          </p>
          {/* the respondent is the one answering: the page and the questionnaire switch together, kept on the response */}
          <LanguageSwitcher
            languages={link.languages}
            onChosen={(language) => {
              setLanguageFailed(false);
              void saveLanguage(token, code, language);
            }}
            onFailed={() => setLanguageFailed(true)}
          />
        </div>
        {languageFailed && (
          <p role="alert" className="mt-2 font-semibold text-amber-900">
            {t('languageFailed')}
          </p>
        )}
        <h1 className="mt-1 text-2xl font-bold">{text('_form.title')}</h1>
        <p className="mt-2">{t('askedBy', { who })}</p>
        {link.label && <p className="mt-1">{t('about', { label: link.label })}</p>}
      </header>
      <div className="sticky top-0 z-10 -mx-4 mb-4 bg-white/95 px-4 py-2 shadow-sm">
        <label htmlFor="respond-progress" className="text-sm font-semibold">
          {t('progress', { answered: progress.answered, total: progress.total })}
        </label>
        <progress
          id="respond-progress"
          className="mt-1 block h-2 w-full accent-accent-700"
          max={Math.max(1, progress.total)}
          value={progress.answered}
        />
        <p className="mt-1 text-sm text-slate-700" role="status" aria-live="polite">
          {t(`status.${status}`)}
        </p>
      </div>
      <QuestionnaireForm
        questionnaire={link.questionnaire}
        value={answers}
        onChange={draft.change}
        onSubmit={() => void submit()}
        idPrefix="respond"
        respondent={respondent}
        refused={refused}
      >
        <div className="mt-6 space-y-3">
          {(sendFailed || notSent) && (
            <p role="alert" className="font-semibold text-red-800">
              {t(notSent ? 'sendRefused' : 'sendFailed')}
            </p>
          )}
          <button type="submit" className={primary} disabled={state.submitting}>
            {sending ? t('sending') : t('send')}
          </button>
          <Hydrated />
        </div>
      </QuestionnaireForm>
    </article>
  );
}
