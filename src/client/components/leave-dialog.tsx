import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router-dom';
import { Button } from './button';
import { Modal } from './modal';

/**
 * Asks before an in-app navigation would drop unsaved changes (the draft model's guard, ADR 110). `words` names
 * the screen's keys (`title`, `text`, `stay`, `leave`), e.g. `intake:leave`.
 */
export function LeaveDialog({ blocker, words }: { blocker: Blocker; words: `${string}:${string}` }) {
  const [ns, keyPrefix] = words.split(':') as [string, string];
  const { t } = useTranslation(ns, { keyPrefix });
  const open = blocker.state === 'blocked';
  return (
    <Modal
      open={open}
      onClose={() => blocker.reset?.()}
      title={t('title')}
      initialFocus="[data-stay]"
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.proceed?.()}>
            {t('leave')}
          </Button>
          <Button data-stay onClick={() => blocker.reset?.()}>
            {t('stay')}
          </Button>
        </>
      }
    >
      <p>{t('text')}</p>
    </Modal>
  );
}
