import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
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

/** Confirms a delete and says what goes with the record, counted. */
export function DeleteIntakeDialog({ id, name, deleting, onConfirm, onCancel }: DeleteIntakeDialogProps) {
  const { t } = useTranslation('intake');
  return (
    <ConfirmDialog
      open={id !== undefined}
      title={t('list.deleteTitle')}
      cancelText={t('list.cancel')}
      confirmText={t('list.deleteConfirm')}
      tone="danger"
      busy={deleting}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{t('list.deleteText', { name })}</p>
      <WhatGoes id={id} />
    </ConfirmDialog>
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
