import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { formatSavedAt } from '../../lib/format-time';
import type { ConflictInfo } from './api/types';

export interface ConflictAlertProps {
  conflict: ConflictInfo;
  onOverwrite: () => void;
  onReload: () => void;
  /** Submitted elsewhere: reopen the record for changes, then save this tab's text. */
  onReopen: () => void;
  /** The record's summary, where a submitted record can be read. */
  summaryHref?: string;
  busy: boolean;
}

/**
 * A 409: the record moved on elsewhere, or was submitted there. The typed text stays in the form until the user
 * chooses; a submitted record becomes a draft again only by the explicit 'Reopen' choice (ADR 060).
 */
export function ConflictAlert({
  conflict,
  onOverwrite,
  onReload,
  onReopen,
  summaryHref,
  busy,
}: ConflictAlertProps) {
  const { t, i18n } = useTranslation('intake');
  const at = new Date(conflict.updatedAt);
  const time = Number.isNaN(at.getTime()) ? '' : formatSavedAt(at, i18n.language);
  if (conflict.submitted) {
    return (
      <Alert
        tone="error"
        className="mb-6"
        id="intake-conflict"
        title={t('conflict.submittedTitle')}
        actions={
          <>
            <Button onClick={onReopen} disabled={busy}>
              {t('conflict.reopenAndSave')}
            </Button>
            {summaryHref && (
              <ButtonLink to={summaryHref} variant="secondary">
                {t('conflict.viewSubmitted')}
              </ButtonLink>
            )}
          </>
        }
      >
        {t('conflict.submittedText', { time })}
      </Alert>
    );
  }
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
