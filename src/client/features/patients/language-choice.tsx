import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../../forms/types';

/** The language a questionnaire is filled in, as radio buttons: the languages it has (ADR 111), both by default. */
export function LanguageChoice({
  value,
  onChange,
  languages = LANGS,
}: {
  value: Lang;
  onChange: (lang: Lang) => void;
  languages?: readonly Lang[];
}) {
  const { t } = useTranslation('questionnaires');
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 font-semibold text-slate-900">{t('give.language')}</legend>
      <div className="flex gap-4">
        {languages.map((option) => (
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
