import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { toast } from '../../components/toast';
import { downloadScores } from './api/response-calls';

/** 'Download scores (CSV)': every result of the client as one spreadsheet file; a failure says so in a toast. */
export function DownloadScoresButton({
  clientId,
  disabled,
  className,
}: {
  clientId: string;
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('questionnaires');
  const download = useMutation({
    mutationFn: () => downloadScores(clientId),
    onError: () => toast.error(t('client.downloadFailed')),
  });
  return (
    <Button
      variant="secondary"
      className={className}
      onClick={() => download.mutate()}
      loading={download.isPending}
      disabled={disabled}
    >
      {t('client.downloadCsv')}
    </Button>
  );
}
