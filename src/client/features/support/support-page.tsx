import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MailText } from '../../components/mail-text';
import { PageHeader } from '../../components/page-header';
import { useAppConfig } from '../../lib/app-config';
import { useAuthStore } from '../../stores/auth-store';

const QUESTIONS = ['noEmail', 'expired', 'password', 'review', 'data'] as const;

/** /support: how to reach us and answers to the questions people ask while registering. */
export function SupportPage() {
  const { t } = useTranslation(['account', 'account-pages'], { nsMode: 'fallback' });
  const { config } = useAppConfig();
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  return (
    <>
      <PageHeader title={t('support.title')} description={t('support.intro')} />
      <section
        aria-labelledby="support-contact"
        className="rounded-md border border-slate-200 bg-slate-50 p-4"
      >
        <h2 id="support-contact" className="text-lg font-semibold">
          {t('support.contactTitle')}
        </h2>
        <p className="mt-2 max-w-prose text-slate-800">
          <MailText i18nKey="account-pages:support.contactMessage" email={config.supportEmail} />
        </p>
      </section>
      <section aria-labelledby="support-faq" className="mt-8">
        <h2 id="support-faq" className="text-lg font-semibold">
          {t('support.faqTitle')}
        </h2>
        <div className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200">
          {QUESTIONS.map((q) => (
            <details key={q} className="group p-4">
              <summary className="flex min-h-11 cursor-pointer items-center font-medium text-slate-900">
                {t(`support.faq.${q}Q`)}
              </summary>
              <p className="mt-2 max-w-prose text-slate-700">{t(`support.faq.${q}A`)}</p>
            </details>
          ))}
        </div>
      </section>
      <p className="mt-8">
        {signedIn ? (
          <Link to="/dashboard">{t('support.backToDashboard')}</Link>
        ) : (
          <Link to="/login">{t('support.backToLogin')}</Link>
        )}
      </p>
    </>
  );
}
