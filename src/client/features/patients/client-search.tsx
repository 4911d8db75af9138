import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';

/** The search by name above a list of clients (the Patients page, and choosing a client to give to). */
export function ClientSearch({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const { t } = useTranslation('questionnaires');
  const id = useId();
  return (
    <search className="mb-6 block max-w-md">
      <label htmlFor={id} className="mb-1 block font-semibold text-slate-900">
        {t('patients.search')}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        maxLength={100}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 w-full rounded-md border border-slate-500 px-3 py-2 text-base"
      />
    </search>
  );
}

/** The client list could not be loaded: says so, with a way to try again (the same two pages). */
export function ClientsLoadFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation('questionnaires');
  return (
    <Alert
      tone="error"
      role="none"
      title={t('patients.loadFailed')}
      actions={<Button onClick={retry}>{t('common.tryAgain')}</Button>}
    />
  );
}
