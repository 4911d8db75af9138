import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { isApiError } from '../../lib/api-error';
import { parseRetryAfter } from '../../lib/retry-after';
import { useResendVerification } from './api/resend-verification';
import { useResendCooldown } from './use-resend-cooldown';

const SUCCESS_VISIBLE_MS = 5000;

type Feedback = { tone: 'success' | 'error'; text: string } | null;

/** The resend button with its countdown and the outcome of the last attempt (sections 4 and 8). */
export function ResendPanel({ email, label }: { email: string; label?: string }) {
  const { t } = useTranslation(['account', 'account-pages'], { nsMode: 'fallback' });
  const { seconds, start } = useResendCooldown(email);
  const resend = useResendVerification();
  const [feedback, setFeedback] = useState<Feedback>(null);

  useEffect(() => {
    if (feedback?.tone !== 'success') return;
    const timer = window.setTimeout(() => setFeedback(null), SUCCESS_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [feedback]);

  const onResend = () => {
    setFeedback(null);
    resend.mutate(email, {
      onSuccess: (data) => {
        setFeedback({ tone: 'success', text: t('verifyPending.sent') });
        const cooldown = parseRetryAfter(data?.cooldown);
        if (cooldown) start(cooldown);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 429) {
          setFeedback({ tone: 'error', text: t('verifyPending.tooManyRequests') });
          const cooldown = parseRetryAfter(error.body?.cooldown) ?? error.retryAfter;
          if (cooldown) start(cooldown);
          return;
        }
        setFeedback({
          tone: 'error',
          text: (isApiError(error) && error.serverMessage) || t('verifyPending.failed'),
        });
      },
    });
  };

  return (
    <div className="space-y-4">
      {feedback && <Alert tone={feedback.tone}>{feedback.text}</Alert>}
      <Button
        className="w-full sm:w-auto"
        onClick={onResend}
        loading={resend.isPending}
        loadingText={t('verifyPending.sending')}
        disabled={seconds > 0}
      >
        {seconds > 0 ? t('verifyPending.resendIn', { count: seconds }) : (label ?? t('verifyPending.resend'))}
      </Button>
    </div>
  );
}
