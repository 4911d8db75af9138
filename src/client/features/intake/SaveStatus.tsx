import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { formatSavedAt } from './format-time';

export interface SaveStatusProps {
  saving: boolean;
  /** The last automatic save failed and is being retried. */
  failed: boolean;
  /** Changes that cannot be saved until answers are corrected. */
  invalid: boolean;
  conflict: boolean;
  redirecting: boolean;
  /** Changes not saved yet (auto-save will come). */
  dirty: boolean;
  lastSavedAt: Date | null;
  id?: string;
}

/** 'Saving...' / 'Last saved HH:MM', or why the changes are not saved yet; announced politely. */
export function SaveStatus(props: SaveStatusProps) {
  const { t, i18n } = useTranslation('intake');
  let text: string;
  let tone = 'text-slate-700';
  if (props.redirecting) text = t('status.redirecting');
  else if (props.saving) text = t('status.saving');
  else if (props.conflict) {
    text = t('status.conflict');
    tone = 'text-red-800 font-semibold';
  } else if (props.failed) {
    text = t('status.retrying');
    tone = 'text-amber-900 font-semibold';
  } else if (props.invalid) {
    text = t('status.invalid');
    tone = 'text-amber-900 font-semibold';
  } else if (props.lastSavedAt)
    text = t('status.lastSaved', { time: formatSavedAt(props.lastSavedAt, i18n.language) });
  else text = t('status.notSaved');
  const warn = props.conflict || props.failed || props.invalid;
  // for tests and styling: what the line says, in one word
  const state = props.redirecting
    ? 'redirecting'
    : props.saving
      ? 'saving'
      : props.conflict
        ? 'conflict'
        : props.failed
          ? 'failed'
          : props.invalid
            ? 'invalid'
            : props.dirty
              ? 'dirty'
              : props.lastSavedAt
                ? 'saved'
                : 'new';
  return (
    <p
      id={props.id}
      data-state={state}
      role="status"
      aria-live="polite"
      className={`flex min-h-6 items-center gap-2 ${tone}`}
    >
      {props.saving && <Spinner className="h-4 w-4" />}
      {warn && (
        <span aria-hidden="true" className="font-bold">
          !
        </span>
      )}
      <span>{text}</span>
    </p>
  );
}
