import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { MailText } from './mail-text';

export interface ErrorScreenProps {
  error: Error;
  componentStack?: string;
  supportEmail: string;
}

/** What a user sends us: enough to find the fault, nothing from their forms. */
function buildErrorReport(error: Error, componentStack = ''): string {
  return [
    `Error: ${error.name}: ${error.message}`,
    `Page: ${window.location.pathname}`,
    `Time: ${new Date().toISOString()}`,
    `Browser: ${navigator.userAgent}`,
    '',
    'Stack:',
    error.stack ?? '(none)',
    componentStack ? `\nComponents:${componentStack}` : '',
  ].join('\n');
}

/** The full-page 'Something went wrong' screen; plain links and window APIs, as the router may be broken. */
export function ErrorScreen({ error, componentStack, supportEmail }: ErrorScreenProps) {
  const { t } = useTranslation('account');

  const report = async () => {
    try {
      await navigator.clipboard.writeText(buildErrorReport(error, componentStack));
      window.alert(t('errorBoundary.copied'));
    } catch {
      window.alert(t('errorBoundary.copyFailed'));
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 items-center justify-center rounded-full border-2 border-red-700 text-xl font-bold text-red-700"
          >
            !
          </span>
          <h1 className="text-2xl font-bold text-slate-900">{t('errorBoundary.title')}</h1>
        </div>
        <p className="mt-3 text-slate-700">{t('errorBoundary.description')}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button onClick={() => window.location.reload()}>{t('errorBoundary.reload')}</Button>
          <Button variant="secondary" onClick={() => window.location.assign('/')}>
            {t('errorBoundary.home')}
          </Button>
          <Button variant="secondary" onClick={report}>
            {t('errorBoundary.report')}
          </Button>
        </div>
        <h2 className="mt-8 text-lg font-semibold text-slate-900">{t('errorBoundary.tipsTitle')}</h2>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
          <li>{t('errorBoundary.tips.reload')}</li>
          <li>{t('errorBoundary.tips.connection')}</li>
          <li>{t('errorBoundary.tips.browser')}</li>
          <li>{t('errorBoundary.tips.signIn')}</li>
        </ul>
        <p className="mt-6 text-slate-700">
          <MailText i18nKey="errorBoundary.support" email={supportEmail} />
        </p>
      </div>
    </main>
  );
}
