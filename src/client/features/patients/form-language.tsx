import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../forms/types';

/**
 * A choice of the language a questionnaire is drawn in, as a row of pressed/unpressed buttons: the language a draft
 * is filled in, or the one a submitted response is read in. Only the questionnaire changes; the interface keeps its
 * language (ADR 111).
 */
export function FormLanguage({
  legend,
  hint,
  value,
  languages,
  onChange,
  disabled,
}: {
  legend: string;
  hint: string;
  value: Lang;
  languages: readonly Lang[];
  onChange: (lang: Lang) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('questionnaires');
  const hintId = useId();
  return (
    <fieldset className="mb-6" aria-describedby={hintId}>
      <legend className="font-semibold text-slate-900">{legend}</legend>
      <p id={hintId} className="mt-1 max-w-prose text-sm text-slate-700">
        {hint}
      </p>
      <div className="mt-2 flex flex-wrap gap-3">
        {languages.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={value === option}
            disabled={disabled}
            onClick={() => value !== option && onChange(option)}
            className={`min-h-11 rounded-md border px-4 font-semibold disabled:opacity-60 ${
              value === option
                ? 'border-accent-700 bg-accent-700 text-white'
                : 'border-slate-400 bg-white text-slate-900 hover:bg-slate-100'
            }`}
          >
            {t(`languages.${option}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
