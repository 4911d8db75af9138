import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { useDeletionImpact } from './api/get-deletion-impact';

export interface DeleteIntakeDialogProps {
  /** The record to delete; undefined closes the dialog. */
  id: string | undefined;
  /** The client's name as the list shows it. */
  name: string | undefined;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Confirms a delete and says what goes with the record, counted; focus starts on Cancel, the safe choice. */
export function DeleteIntakeDialog({ id, name, deleting, onConfirm, onCancel }: DeleteIntakeDialogProps) {
  const { t } = useTranslation('intake');
  return (
    <Modal
      open={id !== undefined}
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
      <WhatGoes id={id} />
    </Modal>
  );
}

/** The questionnaire responses, results and respondent links deleted with the record, as counted now. */
function WhatGoes({ id }: { id: string | undefined }) {
  const { t } = useTranslation('intake');
  const impact = useDeletionImpact(id);
  if (impact.isPending) return <p className="mt-3 text-slate-700">{t('list.deleteCounting')}</p>;
  if (impact.isError) return <p className="mt-3">{t('list.deleteGoesUncounted')}</p>;
  const { responses, results, links } = impact.data;
  if (responses + results + links === 0) return <p className="mt-3">{t('list.deleteNothingElse')}</p>;
  return (
    <>
      <p className="mt-3 font-semibold">{t('list.deleteGoes')}</p>
      <ul className="mt-1 list-disc pl-6">
        <li>{t('list.deleteResponses', { count: responses })}</li>
        <li>{t('list.deleteResults', { count: results })}</li>
        <li>{t('list.deleteLinks', { count: links })}</li>
      </ul>
    </>
  );
}
