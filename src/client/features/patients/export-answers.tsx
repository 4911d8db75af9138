import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANSWER_EXPORT_FORMATS } from '../../../shared';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { Radios } from '../../components/radios';
import { toast } from '../../components/toast';
import { type AnswerExportChoice, exportAnswers } from './api/export-answers';

const FIRST_CHOICE: AnswerExportChoice = { format: 'csv', freeText: false };

/**
 * 'Export answers' of one questionnaire on the client page: a dialog to choose CSV or JSON and whether free-text
 * answers go too (off each time it opens), then the download; a failure says so in a toast.
 */
export function ExportAnswers({
  clientId,
  questionnaireId,
  title,
}: {
  clientId: string;
  questionnaireId: string;
  /** The questionnaire's title, for the button's accessible name and the dialog's heading. */
  title: string;
}) {
  const { t } = useTranslation('questionnaires');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        aria-label={t('answerExport.openFor', { title })}
        onClick={() => setOpen(true)}
      >
        {t('answerExport.open')}
      </Button>
      {/* made when opened, so each opening starts from the first choice and a closed dialog costs a page nothing */}
      {open && (
        <ExportDialog
          clientId={clientId}
          questionnaireId={questionnaireId}
          title={title}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function ExportDialog({
  clientId,
  questionnaireId,
  title,
  onClose,
}: {
  clientId: string;
  questionnaireId: string;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('questionnaires');
  const [choice, setChoice] = useState(FIRST_CHOICE);
  const name = useId();
  const hintId = useId();
  const download = useMutation({
    mutationFn: () => exportAnswers(clientId, questionnaireId, choice),
    onSuccess: onClose,
    onError: () => toast.error(t('answerExport.failed')),
  });
  const close = () => {
    if (!download.isPending) onClose();
  };

  return (
    <Modal
      open
      onClose={close}
      title={t('answerExport.title', { title })}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={download.isPending}>
            {t('answerExport.cancel')}
          </Button>
          <Button onClick={() => download.mutate()} loading={download.isPending}>
            {t('answerExport.download')}
          </Button>
        </>
      }
    >
      <p className="mb-4 max-w-prose text-slate-700">{t('answerExport.intro')}</p>
      <fieldset className="mb-4">
        <legend className="mb-1 font-semibold text-slate-900">{t('answerExport.format')}</legend>
        <Radios
          name={name}
          value={choice.format}
          onChange={(format) => setChoice({ ...choice, format })}
          options={ANSWER_EXPORT_FORMATS.map((format) => [format, t(`answerExport.${format}`)] as const)}
          className="flex flex-col gap-1"
        />
      </fieldset>
      <label className="inline-flex min-h-11 items-center gap-2 font-semibold text-slate-900">
        <input
          type="checkbox"
          checked={choice.freeText}
          onChange={(event) => setChoice({ ...choice, freeText: event.target.checked })}
          aria-describedby={hintId}
          className="h-5 w-5"
        />
        {t('answerExport.freeText')}
      </label>
      <p id={hintId} className="ml-7 max-w-prose text-sm text-slate-700">
        {t('answerExport.freeTextHint')}
      </p>
    </Modal>
  );
}
