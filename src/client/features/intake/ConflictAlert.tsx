import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import type { ConflictInfo } from './api/types';
import { formatSavedAt } from './format-time';

export interface ConflictAlertProps {
  conflict: ConflictInfo;
  onOverwrite: () => void;
  onReload: () => void;
  busy: boolean;
}

/** A 409: the record moved on elsewhere. The typed text stays in the form until the user chooses. */
export function ConflictAlert({ conflict, onOverwrite, onReload, busy }: ConflictAlertProps) {
  const { t, i18n } = useTranslation('intake');
  const at = new Date(conflict.updatedAt);
  const time = Number.isNaN(at.getTime()) ? '' : formatSavedAt(at, i18n.language);
  return (
    <Alert
      tone="error"
      className="mb-6"
      id="intake-conflict"
      title={t('conflict.title')}
      actions={
        <>
          <Button onClick={onOverwrite} disabled={busy}>
            {t('conflict.overwrite')}
          </Button>
          <Button variant="secondary" onClick={onReload} disabled={busy}>
            {t('conflict.reload')}
          </Button>
        </>
      }
    >
      {t('conflict.text', { time })}
    </Alert>
  );
}
