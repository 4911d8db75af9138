import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ERROR_CODES } from '../../../shared';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { isApiError } from '../../lib/api-error';
import { errorText } from '../../lib/error-text';
import type { User } from '../../stores/auth-store';
import { useVerifyCode } from './api/verify-code';
import { isCompleteVerifyCode, normalizeVerifyCode, VERIFY_CODE_LENGTH } from './verify-code-input';

/**
 * The 6-digit code of the verification e-mail, for a practitioner who reads mail on another device than
 * the one signing up. Errors (wrong code with attempts left, expired, too many tries) are the server's, in
 * the reader's language, shown GOV.UK style between hint and field.
 */
/** Where a signed-out person goes once the code verified the address: sign-in, the address filled in. */
export function signInAfterCode(email: string, message: string) {
  return {
    to: '/login',
    options: { replace: true, state: { email, messageKey: 'verifyPending.codeVerified', message } },
  } as const;
}

export function VerifyCodeForm({ email, onVerified }: { email: string; onVerified: (user: User) => void }) {
  const { t } = useTranslation(['account', 'account-pages'], { nsMode: 'fallback' });
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [alreadyVerified, setAlreadyVerified] = useState(false);
  const verify = useVerifyCode();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteVerifyCode(code)) {
      setError(t('verifyPending.codeFormat'));
      input.current?.focus();
      return;
    }
    setError(null);
    verify.mutate(
      { email, code },
      {
        onSuccess: onVerified,
        onError: (failure) => {
          // verified already (the link in the same mail, another tab): good news, not an error
          if (isApiError(failure) && failure.code === ERROR_CODES.ALREADY_VERIFIED) {
            setAlreadyVerified(true);
            return;
          }
          setError(errorText(failure, t('app.genericError')));
          input.current?.focus();
        },
      },
    );
  };

  if (alreadyVerified) {
    return (
      <Alert
        tone="success"
        title={t('verifyResult.alreadyVerifiedTitle')}
        actions={
          <Link to="/login" state={{ email }} className="inline-flex min-h-11 items-center font-semibold">
            {t('verifyResult.signIn')}
          </Link>
        }
      >
        {t('verifyResult.alreadyVerifiedMessage')}
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t('verifyPending.codeTitle')}
      </h2>
      <div>
        <label htmlFor={`${id}-code`} className="block font-semibold text-slate-900">
          {t('verifyPending.codeLabel')}
        </label>
        <p id={`${id}-hint`} className="text-slate-600">
          {t('verifyPending.codeHint')}
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 font-semibold text-red-700">
            <span className="sr-only">{t('verifyPending.codeErrorPrefix')} </span>
            {error}
          </p>
        )}
        <input
          ref={input}
          id={`${id}-code`}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={VERIFY_CODE_LENGTH + 2}
          value={code}
          onChange={(event) => setCode(normalizeVerifyCode(event.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className={`mt-2 block min-h-11 w-40 rounded-md border-2 bg-white px-3 py-2 font-mono text-lg tracking-[0.3em] text-slate-900 ${
            error ? 'border-red-700' : 'border-slate-600'
          }`}
        />
      </div>
      <Button
        type="submit"
        variant="secondary"
        loading={verify.isPending}
        loadingText={t('verifyPending.codeChecking')}
      >
        {t('verifyPending.codeSubmit')}
      </Button>
    </form>
  );
}
