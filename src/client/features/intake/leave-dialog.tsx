import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router-dom';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';

/** Asks before an in-app navigation would drop unsaved changes. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation('intake');
  const open = blocker.state === 'blocked';
  return (
    <Modal
      open={open}
      onClose={() => blocker.reset?.()}
      title={t('leave.title')}
      initialFocus="[data-stay]"
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.proceed?.()}>
            {t('leave.leave')}
          </Button>
          <Button data-stay onClick={() => blocker.reset?.()}>
            {t('leave.stay')}
          </Button>
        </>
      }
    >
      <p>{t('leave.text')}</p>
    </Modal>
  );
}
