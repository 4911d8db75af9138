import { useTranslation } from 'react-i18next';
import { AppLanguageSwitcher } from '../../app/app-language-switcher';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountCard } from './delete-account-card';
import { DownloadDataCard } from './download-data-card';

/** /settings: change password, interface language, and the KVKK rights: download my data, delete my account. */
export function SettingsPage() {
  const { t } = useTranslation('account');
  return (
    <>
      <PageHeader title={t('settings.title')} />
      <div className="space-y-6">
        <Card title={t('settings.passwordTitle')}>
          <p className="mb-4 max-w-prose text-slate-700">{t('settings.passwordDescription')}</p>
          <div className="max-w-md">
            <ChangePasswordForm />
          </div>
        </Card>
        <Card title={t('settings.languageTitle')}>
          <p className="mb-4 max-w-prose text-slate-700">{t('settings.languageDescription')}</p>
          <AppLanguageSwitcher />
        </Card>
        <DownloadDataCard />
        <DeleteAccountCard />
      </div>
    </>
  );
}
