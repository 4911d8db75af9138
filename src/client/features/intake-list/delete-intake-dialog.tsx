import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';

export interface DeleteIntakeDialogProps {
  /** The client's name as the list shows it; undefined closes the dialog. */
  name: string | undefined;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Confirms a delete; focus starts on Cancel, the safe choice. */
export function DeleteIntakeDialog({ name, deleting, onConfirm, onCancel }: DeleteIntakeDialogProps) {
  const { t } = useTranslation('intake');
  return (
    <Modal
      open={name !== undefined}
      onClose={onCancel}
      title={t('list.deleteTitle')}
      initialFocus="[data-cancel]"
      footer={
        <>
          <Button variant="secondary" data-cancel onClick={onCancel} disabled={deleting}>
            {t('list.cancel')}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={deleting}>
            {t('list.deleteConfirm')}
          </Button>
        </>
      }
    >
      <p>{t('list.deleteText', { name })}</p>
    </Modal>
  );
}
