import { useId } from 'react';
import { useTranslation } from 'react-i18next';

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
