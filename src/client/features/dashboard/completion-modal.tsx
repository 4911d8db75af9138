import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import {
  COMPLETION_MODAL_DELAY_MS,
  completionModalShown,
  rememberCompletionModalShown,
} from './completion-modal-memory';

/** Asks an e-mail-verified practitioner to finish registration: once per browser session, 0.5 s after load. */
export function CompletionModal({ enabled, nextStep }: { enabled: boolean; nextStep: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!enabled || completionModalShown()) return;
    const timer = window.setTimeout(() => {
      rememberCompletionModalShown();
      setOpen(true);
    }, COMPLETION_MODAL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [enabled]);

  return (
    <Modal
      open={open}
      onClose={() => setOpen(false)}
      title={t('dashboard.modalTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('dashboard.modalLater')}
          </Button>
          <Button
            onClick={() => {
              setOpen(false);
              navigate(nextStep);
            }}
          >
            {t('dashboard.modalContinue')}
          </Button>
        </>
      }
    >
      <p className="text-slate-800">{t('dashboard.modalMessage')}</p>
    </Modal>
  );
}
