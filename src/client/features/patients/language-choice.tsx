import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../forms/types';

/** The language a questionnaire is filled in (English or Turkish), as a pair of radio buttons. */
export function LanguageChoice({ value, onChange }: { value: Lang; onChange: (lang: Lang) => void }) {
  const { t } = useTranslation('questionnaires');
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 font-semibold text-slate-900">{t('give.language')}</legend>
      <div className="flex gap-4">
        {(['en', 'tr'] as const).map((option) => (
          <label key={option} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="h-5 w-5"
            />
            {t(`languages.${option}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
