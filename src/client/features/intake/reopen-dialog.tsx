import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';

export interface ReopenDialogProps {
  open: boolean;
  reopening: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Confirms turning a submitted intake back into a draft; focus starts on Cancel, the safe choice. */
export function ReopenDialog({ open, reopening, onConfirm, onCancel }: ReopenDialogProps) {
  const { t } = useTranslation('intake');
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={t('reopen.title')}
      initialFocus="[data-cancel]"
      footer={
        <>
          <Button variant="secondary" data-cancel onClick={onCancel} disabled={reopening}>
            {t('reopen.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={reopening}>
            {t('reopen.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('reopen.text')}</p>
    </Modal>
  );
}
