import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast';
import { errorText } from '../../lib/error-text';
import { exportIntake } from './api/export-intake';
import { recordPrint } from './api/print-intake';

/**
 * The summary's print and JSON download. Printing waits for the server to record it, so every print view is in
 * the access history; if that fails, nothing prints and the practitioner is told why.
 */
export function usePrintAndExport(id: string) {
  const { t } = useTranslation(['intake', 'privacy', 'account']);
  const [busy, setBusy] = useState<'print' | 'export' | undefined>();

  const run = async (kind: 'print' | 'export') => {
    setBusy(kind);
    try {
      if (kind === 'print') {
        await recordPrint(id);
        window.print();
      } else {
        await exportIntake(id);
        toast.success(t('privacy:client.exported'));
      }
    } catch (error) {
      toast.error(errorText(error, t('account:app.genericError')));
    } finally {
      setBusy(undefined);
    }
  };

  return { busy, print: () => void run('print'), exportJson: () => void run('export') };
}
