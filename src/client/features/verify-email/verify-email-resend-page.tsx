import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { normalizeEmail } from '../../../shared';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { SchemaForm } from '../../forms';
import { ResendPanel } from './resend-panel';
import { signInAfterCode, VerifyCodeForm } from './verify-code-form';

/**
 * /verify-email/resend: reached with the e-mail in state after an unverified sign-in (or from an expired
 * link, when the address is asked for with the one-field e-mail form).
 */
export function VerifyEmailResendPage() {
  const { t } = useTranslation(['account', 'account-pages'], { nsMode: 'fallback' });
  const stateEmail = ((useLocation().state ?? {}) as { email?: string }).email;
  const [email, setEmail] = useState<string | undefined>(stateEmail);
  const [formData, setFormData] = useState<{ email?: string }>({ email: '' });
  const navigate = useNavigate();

  return (
    <>
      <PageHeader title={t('verifyResend.title')} description={t('verifyResend.description')} />
      {email ? (
        <>
          <p className="text-slate-700">{t('verifyResend.forEmail')}</p>
          <p className="mt-1 mb-6 text-lg font-semibold break-all text-slate-900" data-testid="resend-email">
            {email}
          </p>
          <ResendPanel email={email} label={t('verifyResend.send')} />
          <div className="mt-8 border-t border-slate-200 pt-6">
            <VerifyCodeForm
              email={email}
              onVerified={(user) => {
                const next = signInAfterCode(user.email, t('verifyPending.codeVerified'));
                navigate(next.to, next.options);
              }}
            />
          </div>
        </>
      ) : (
        <SchemaForm
          formId="auth/forgot-password"
          formData={formData}
          onChange={(data: { email?: string }) => setFormData(data)}
          onSubmit={(data) => setEmail(normalizeEmail(data.email ?? ''))}
        >
          <Button type="submit" className="mt-2">
            {t('app.continue')}
          </Button>
        </SchemaForm>
      )}
      <div className="mt-8 flex flex-col gap-2 border-t border-slate-200 pt-4">
        <Link to="/login">{t('verifyPending.backToLogin')}</Link>
        <p className="text-slate-700">
          {t('verifyPending.needHelp')} <Link to="/support">{t('verifyPending.contactSupport')}</Link>
        </p>
      </div>
    </>
  );
}
