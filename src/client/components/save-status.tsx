import { useTranslation } from 'react-i18next';
import { formatSavedAt } from '../lib/format-time';
import { Spinner } from './spinner';

export interface SaveStatusProps {
  saving: boolean;
  /** The last automatic save failed and is being retried. */
  failed: boolean;
  /** Changes that cannot be saved until answers are corrected. */
  invalid: boolean;
  conflict: boolean;
  redirecting: boolean;
  /** Changes not saved yet (auto-save will come once the record exists). */
  dirty: boolean;
  /** The browser is offline: saves wait for the connection. */
  offline?: boolean;
  lastSavedAt: Date | null;
  id?: string;
  /** The screen's words: `saving`, `lastSaved`, `notSaved`, `notCreated`, `retrying`... under e.g. `intake:status`. */
  words: `${string}:${string}`;
}

type State =
  | 'redirecting'
  | 'saving'
  | 'conflict'
  | 'offline'
  | 'failed'
  | 'invalid'
  | 'dirty'
  | 'saved'
  | 'new';

/** What the line says, in one word: the first that holds, most urgent first. */
export function saveState(props: Omit<SaveStatusProps, 'words'>): State {
  if (props.redirecting) return 'redirecting';
  if (props.saving) return 'saving';
  if (props.conflict) return 'conflict';
  if (props.offline && (props.dirty || props.failed)) return 'offline';
  if (props.failed) return 'failed';
  if (props.invalid) return 'invalid';
  if (props.dirty) return 'dirty';
  return props.lastSavedAt ? 'saved' : 'new';
}

const WARNINGS: ReadonlySet<State> = new Set(['conflict', 'offline', 'failed', 'invalid']);

/**
 * The draft model's status line (ADR 110): 'Saving...' / 'Last saved HH:MM', or why the changes are not saved yet (offline, retrying, answers to correct,
 * conflict); announced politely, and only when the words change, never per key.
 */
export function SaveStatus(props: SaveStatusProps) {
  const [ns, keyPrefix] = props.words.split(':') as [string, string];
  const { t, i18n } = useTranslation(ns, { keyPrefix });
  const state = saveState(props);
  const lastSaved = props.lastSavedAt
    ? t('lastSaved', { time: formatSavedAt(props.lastSavedAt, i18n.language) })
    : t('notSaved');
  const text: Record<State, string> = {
    redirecting: t('redirecting'),
    saving: t('saving'),
    conflict: t('conflict'),
    offline: t('offline'),
    failed: t('retrying'),
    invalid: t('invalid'),
    dirty: props.lastSavedAt ? lastSaved : t('notCreated'),
    saved: lastSaved,
    new: t('notSaved'),
  };
  const warn = WARNINGS.has(state);
  const tone =
    state === 'conflict'
      ? 'font-semibold text-red-800'
      : warn
        ? 'font-semibold text-amber-900'
        : 'text-slate-700';
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
      <span>{text[state]}</span>
    </p>
  );
}
