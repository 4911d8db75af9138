import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';

export interface ReopenDialogProps {
  open: boolean;
  reopening: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Confirms turning a submitted intake back into a draft. */
export function ReopenDialog({ open, reopening, onConfirm, onCancel }: ReopenDialogProps) {
  const { t } = useTranslation('intake');
  return (
    <ConfirmDialog
      open={open}
      title={t('reopen.title')}
      cancelText={t('reopen.cancel')}
      confirmText={t('reopen.confirm')}
      busy={reopening}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{t('reopen.text')}</p>
    </ConfirmDialog>
  );
}
