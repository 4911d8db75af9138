import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { DescriptionList } from '../../components/description-list';
import { PageHeader } from '../../components/page-header';
import { formatDate } from '../../lib/format-date';
import { useCurrentUser } from '../../stores/current-user';
import { registrationProgress, StatusCard, toAccountStatus, useClientDataAccess } from '../account-status';
import { CompletionModal } from './completion-modal';
import { FirstClient } from './first-client';
import { NewResultsNotice } from './new-results-notice';
import { ReviewNotice } from './review-notice';

/** /dashboard: welcome, account status, registration progress and profile information, with the prompts of section 4. */
export function DashboardPage() {
  const { t, i18n } = useTranslation(['account', 'intake', 'account-pages'], { nsMode: 'fallback' });
  const user = useCurrentUser();
  const clientData = useClientDataAccess();
  if (!user) return null;
  const status = toAccountStatus(user.accountStatus);
  const progress = registrationProgress(user);
  const nextStep = progress.nextStep === '/signup/step3' ? '/signup/step3' : '/signup/step2';
  const memberSince = formatDate(user.createdAt, i18n.language);
  const rows: Array<[string, string]> = [
    [t('dashboard.fullName'), `${user.firstName} ${user.lastName}`],
    [t('dashboard.email'), user.email],
    [t('dashboard.emailVerified'), user.emailVerified ? t('app.yes') : t('app.no')],
    [t('dashboard.professionalTitle'), user.professionalTitle || t('app.notProvided')],
    [t('dashboard.university'), user.university || t('app.notProvided')],
  ];
  if (memberSince) rows.push([t('dashboard.memberSince'), memberSince]);

  return (
    <>
      <PageHeader
        title={t('dashboard.welcome', { name: user.firstName })}
        description={t('dashboard.subtitle')}
        documentTitle={t('dashboard.title')}
      />
      <div className="space-y-6">
        {user.emailVerified && clientData.open && <NewResultsNotice />}
        <ReviewNotice access={clientData} email={user.email} />
        {status === 'email_verified' && (
          <Alert
            tone="warning"
            role="none"
            title={t('dashboard.banner')}
            actions={<ButtonLink to="/signup/step2">{t('dashboard.completeNow')}</ButtonLink>}
          />
        )}
        {status === 'pending_verification' && (
          <Alert tone="info" role="none" title={t('dashboard.pendingReviewTitle')}>
            {t('dashboard.pendingReviewMessage')}
          </Alert>
        )}
        <div className="grid gap-6 md:grid-cols-2">
          <Card title={t('dashboard.statusTitle')}>
            <StatusCard status={user.accountStatus} caption={false} />
          </Card>
          <Card title={t('dashboard.progressTitle')}>
            <p className="text-slate-700">
              {t('dashboard.progressCount', {
                completed: progress.completedCount,
                total: progress.steps.length,
              })}
            </p>
            <ol className="mt-3 space-y-2">
              {progress.steps.map((step, index) => (
                <li key={step.key} className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                      step.completed && !step.skipped
                        ? 'bg-green-700 text-white'
                        : 'border-2 border-slate-400 text-slate-700'
                    }`}
                  >
                    {step.skipped ? '–' : step.completed ? '✓' : index + 1}
                  </span>
                  <span className="flex-1">{t(`signup.steps.${step.key}`)}</span>
                  <span className={step.completed && !step.skipped ? 'text-green-800' : 'text-slate-700'}>
                    {step.skipped
                      ? t('dashboard.stepSkipped')
                      : step.completed
                        ? t('dashboard.stepDone')
                        : t('dashboard.stepTodo')}
                  </span>
                </li>
              ))}
            </ol>
          </Card>
        </div>
        {user.emailVerified && clientData.open && (
          <FirstClient primary={status !== 'email_verified' && status !== 'pending_verification'} />
        )}
        <Card title={t('dashboard.profileTitle')}>
          <DescriptionList rows={rows} />
        </Card>
        <Card title={t('dashboard.title', { ns: 'intake' })}>
          <p className="text-slate-700">{t('dashboard.text', { ns: 'intake' })}</p>
          <ButtonLink to="/client-intake-list" variant="secondary" className="mt-4">
            {t('dashboard.link', { ns: 'intake' })}
          </ButtonLink>
        </Card>
      </div>
      <CompletionModal enabled={status === 'email_verified'} nextStep={nextStep} />
    </>
  );
}
