import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../forms/types';
import { ERROR_CODES } from '../../../shared';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toast } from '../../components/toast';
import { isApiError } from '../../lib/api-error';
import { formatDate } from '../../lib/format-date';
import { textIn, useQuestionnaireLibrary } from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';
import { AgeWarning } from './age-warning';
import {
  type IssuedLink,
  type LinkRespondent,
  type RespondentLink,
  useClientLinks,
  useCreateLink,
  useMarkResultsSeen,
  useRevokeLink,
  useSendLink,
} from './api/links';
import { LanguageChoice } from './language-choice';
import { LinkQrCode } from './link-qr-code';

const RESPONDENTS: LinkRespondent[] = ['guardian', 'teacher', 'self'];
const OPEN_STATES = new Set(['created', 'opened', 'inProgress', 'expired']);
/** States whose link never opens again: no expiry date to give, nothing to send or close. */
const CLOSED_STATES = new Set(['revoked', 'locked']);
const input = 'min-h-11 w-full max-w-md rounded-md border border-slate-500 bg-white px-3 py-2 text-base';

/** The client's respondent links: make one (copy, QR code, e-mail), their states, revoke, remind. */
export function RespondentLinks({ clientId }: { clientId: string }) {
  const { t } = useTranslation('questionnaires');
  const links = useClientLinks(clientId);
  const seen = useMarkResultsSeen();
  const [issued, setIssued] = useState<IssuedLink>();
  const listHeading = useRef<HTMLHeadingElement>(null);
  // a closed link loses its buttons: focus goes to the list's heading, once the dialog has given it back
  const focusList = () => requestAnimationFrame(() => listHeading.current?.focus());
  // opening the client is looking at its new results
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per client, not per mutation object
  useEffect(() => {
    seen.mutate(clientId);
  }, [clientId]);

  return (
    <div className="space-y-6">
      <CreateLink clientId={clientId} onIssued={setIssued} />
      {issued && <IssuedLinkPanel issued={issued} />}
      <section aria-labelledby="links-list">
        <h3
          id="links-list"
          ref={listHeading}
          tabIndex={-1}
          className="mb-2 text-lg font-semibold text-slate-900"
        >
          {t('links.listTitle')}
        </h3>
        {links.isError && <Alert tone="error" role="none" title={t('links.loadFailed')} />}
        {links.data && links.data.length === 0 && <p className="text-slate-700">{t('links.none')}</p>}
        {links.data && links.data.length > 0 && (
          <ul className="divide-y divide-slate-200">
            {[...links.data].reverse().map((link) => (
              <LinkRow key={link.id} link={link} onIssued={setIssued} onRevoking={focusList} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function CreateLink({ clientId, onIssued }: { clientId: string; onIssued: (issued: IssuedLink) => void }) {
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  const library = useQuestionnaireLibrary();
  const create = useCreateLink(clientId);
  const ids = { questionnaire: useId(), respondent: useId(), label: useId(), email: useId() };
  const fillable = (library.data ?? []).filter((entry) =>
    entry.respondents.some((r) => (RESPONDENTS as string[]).includes(r)),
  );
  const [questionnaireId, setQuestionnaireId] = useState('');
  const chosen = fillable.find((e) => e.id === questionnaireId) ?? fillable[0];
  const allowed = RESPONDENTS.filter((r) => chosen?.respondents.includes(r));
  const [respondent, setRespondent] = useState<LinkRespondent | ''>('');
  const who = allowed.includes(respondent as LinkRespondent) ? (respondent as LinkRespondent) : allowed[0];
  const [language, setLanguage] = useState<Lang>(lang);
  const [label, setLabel] = useState('');
  const [withCode, setWithCode] = useState(false);
  const [email, setEmail] = useState('');

  // outside the questionnaire's age range the server asks for the practitioner's confirmation, as in session
  const ageWarning =
    isApiError(create.error) && create.error.code === ERROR_CODES.AGE_OUTSIDE_RANGE
      ? create.error
      : undefined;
  const submit = (ageOverride = false) => {
    if (!chosen || !who) return;
    create.mutate(
      {
        questionnaireId: chosen.id,
        respondent: who,
        language,
        ...(label.trim() ? { label: label.trim() } : {}),
        withCode,
        ...(email.trim() ? { email: email.trim() } : {}),
        ...(ageOverride ? { ageOverride } : {}),
      },
      {
        onSuccess: (issued) => {
          onIssued(issued as IssuedLink);
          setLabel('');
          setEmail('');
          if (email.trim()) toast.success(t('links.mailed'));
        },
      },
    );
  };

  if (library.isError) return <Alert tone="error" role="none" title={t('library.loadFailed')} />;
  if (library.data && fillable.length === 0)
    return <p className="text-slate-700">{t('links.noneFillable')}</p>;
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="max-w-prose text-slate-700">{t('links.intro')}</p>
      <div>
        <label htmlFor={ids.questionnaire} className="mb-1 block font-semibold text-slate-900">
          {t('give.questionnaire')}
        </label>
        <select
          id={ids.questionnaire}
          value={chosen?.id ?? ''}
          onChange={(event) => {
            setQuestionnaireId(event.target.value);
            create.reset();
          }}
          className={input}
        >
          {fillable.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {textIn(entry.title, lang)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.respondent} className="mb-1 block font-semibold text-slate-900">
          {t('links.respondent')}
        </label>
        <select
          id={ids.respondent}
          value={who ?? ''}
          onChange={(event) => setRespondent(event.target.value as LinkRespondent)}
          className={input}
        >
          {allowed.map((r) => (
            <option key={r} value={r}>
              {t(`respondents.${r}`)}
            </option>
          ))}
        </select>
      </div>
      <LanguageChoice value={language} onChange={setLanguage} />
      <div>
        <label htmlFor={ids.label} className="mb-1 block font-semibold text-slate-900">
          {t('links.label')}
        </label>
        <p id={`${ids.label}-hint`} className="mb-1 text-sm text-slate-700">
          {t('links.labelHint')}
        </p>
        <input
          id={ids.label}
          value={label}
          maxLength={40}
          onChange={(event) => setLabel(event.target.value)}
          aria-describedby={`${ids.label}-hint`}
          className={input}
        />
      </div>
      <label className="inline-flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          checked={withCode}
          onChange={(event) => setWithCode(event.target.checked)}
          className="h-5 w-5"
        />
        {t('links.withCode')}
      </label>
      <div>
        <label htmlFor={ids.email} className="mb-1 block font-semibold text-slate-900">
          {t('links.email')}
        </label>
        <input
          id={ids.email}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className={input}
        />
      </div>
      {create.isError && !ageWarning && (
        <Alert tone="error" role="alert" title={t('links.createFailed')}>
          {isApiError(create.error) ? create.error.message : null}
        </Alert>
      )}
      {ageWarning && chosen ? (
        <AgeWarning
          questionnaire={chosen}
          age={typeof ageWarning.body?.age === 'number' ? ageWarning.body.age : undefined}
          confirm={t('links.ageConfirm')}
          onConfirm={() => submit(true)}
          onCancel={() => create.reset()}
          pending={create.isPending}
          pendingText={t('links.creating')}
        />
      ) : (
        <Button type="submit" loading={create.isPending} loadingText={t('links.creating')} disabled={!chosen}>
          {t('links.create')}
        </Button>
      )}
    </form>
  );
}

function IssuedLinkPanel({ issued }: { issued: IssuedLink }) {
  const { t } = useTranslation('questionnaires');
  const [showQr, setShowQr] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued.url);
      toast.success(t('links.copied'));
    } catch {
      toast.error(t('links.copyFailed'));
    }
  };
  return (
    <section aria-labelledby="issued-link" className="rounded-lg border border-accent-700 bg-accent-50 p-4">
      <h3 id="issued-link" className="text-lg font-semibold text-slate-900">
        {t('links.issuedTitle')}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t('links.issuedHint')}</p>
      <p className="mt-3 break-all rounded bg-white p-2 font-mono text-sm" data-testid="issued-link-url">
        {issued.url}
      </p>
      {issued.code && (
        <p className="mt-3">
          {t('links.codeIs')}{' '}
          <strong className="font-mono text-2xl tracking-widest" data-testid="issued-link-code">
            {issued.code}
          </strong>
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('links.copy')}
        </Button>
        <Button variant="secondary" onClick={() => setShowQr((v) => !v)} aria-expanded={showQr}>
          {showQr ? t('links.hideQr') : t('links.showQr')}
        </Button>
      </div>
      {showQr && <LinkQrCode url={issued.url} label={t('links.qrLabel')} />}
    </section>
  );
}

function LinkRow({
  link,
  onIssued,
  onRevoking,
}: {
  link: RespondentLink;
  onIssued: (issued: IssuedLink) => void;
  onRevoking: () => void;
}) {
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  const library = useQuestionnaireLibrary();
  const revoke = useRevokeLink();
  const send = useSendLink();
  const [confirming, setConfirming] = useState(false);
  const entry = library.data?.find((e) => e.id === link.questionnaireId);
  const title = entry ? textIn(entry.title, lang) : link.questionnaireId;
  const remind = () => {
    const email = link.email ?? window.prompt(t('links.emailPrompt')) ?? '';
    if (!link.email && !email.trim()) return;
    send.mutate(
      { id: link.id, email: link.email ? undefined : email.trim() },
      {
        onSuccess: (issued) => {
          onIssued(issued as IssuedLink);
          toast.success(t('links.mailed'));
        },
        onError: () => toast.error(t('links.sendFailed')),
      },
    );
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="respondent-link">
      <div>
        <p className="font-semibold text-slate-900">
          {title} · {t(`respondents.${link.respondent}`)}
          {link.label ? ` · ${link.label}` : ''}
        </p>
        <p className="text-sm text-slate-700">
          <span className="font-semibold" data-testid="link-state">
            {t(`links.states.${link.state}`)}
          </span>
          {' · '}
          {link.state === 'submitted' && link.submittedAt
            ? t('links.submittedOn', { date: formatDate(link.submittedAt, lang) })
            : CLOSED_STATES.has(link.state)
              ? t('links.noLongerOpens')
              : t('links.validUntil', { date: formatDate(link.expiresAt, lang) })}
          {' · '}
          {t(`languages.${link.language}`)}
        </p>
      </div>
      {OPEN_STATES.has(link.state) && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={remind} loading={send.isPending}>
            {link.sentAt ? t('links.remind') : t('links.send')}
          </Button>
          {link.state !== 'expired' && (
            <Button variant="secondary" onClick={() => setConfirming(true)} loading={revoke.isPending}>
              {t('links.revoke')}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('links.revokeTitle')}
        cancelText={t('links.revokeCancel')}
        confirmText={t('links.revokeConfirm')}
        tone="danger"
        onConfirm={() => {
          setConfirming(false);
          revoke.mutate(link.id, { onError: () => toast.error(t('links.revokeFailed')) });
          onRevoking();
        }}
        onCancel={() => setConfirming(false)}
      >
        <p className="font-semibold text-slate-900">
          {title} · {t(`respondents.${link.respondent}`)}
          {link.label ? ` · ${link.label}` : ''}
        </p>
        <p className="mt-2 text-slate-700">{t('links.revokeText')}</p>
      </ConfirmDialog>
    </li>
  );
}
