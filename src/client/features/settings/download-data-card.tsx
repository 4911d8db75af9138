import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { toast } from '../../components/toast';
import { errorText } from '../../lib/error-text';
import { useExportMyData } from './api/export-my-data';

/** Settings > 'Download my data': one zip of everything held about the practitioner and their clients. */
export function DownloadDataCard() {
  const { t } = useTranslation(['privacy', 'account']);
  const exporting = useExportMyData();
  return (
    <Card title={t('settings.exportTitle')}>
      <p className="mb-4 max-w-prose text-slate-700">{t('settings.exportDescription')}</p>
      <Button
        variant="secondary"
        loading={exporting.isPending}
        loadingText={t('settings.exporting')}
        onClick={() =>
          exporting.mutate(undefined, {
            onSuccess: () => toast.success(t('settings.exported')),
            onError: (error) => toast.error(errorText(error, t('account:app.genericError'))),
          })
        }
      >
        {t('settings.exportButton')}
      </Button>
    </Card>
  );
}
