import { useTranslation } from 'react-i18next';
import { type Lang, SUPPORTED_LANGUAGES, setLanguage } from './i18n';

const LABELS: Record<Lang, { short: string; name: string }> = {
  en: { short: 'EN', name: 'English' },
  tr: { short: 'TR', name: 'Türkçe' },
};

/**
 * EN / TR toggle; the choice is remembered (localStorage `lang`) and set on `<html lang>`. `onChosen` runs
 * once the page has switched (the signed-in frames save the choice on the account); `onFailed` when the new
 * language's texts could not be fetched and the page stayed as it was (each page says so its own way: the
 * account area with a toast, the respondent's page, which has no toasts, in a line of its own).
 */
export function LanguageSwitcher({
  className = '',
  onChosen,
  onFailed,
  languages = SUPPORTED_LANGUAGES,
}: {
  className?: string;
  onChosen?: (lang: Lang) => void;
  onFailed?: () => void;
  /** The languages to offer (a questionnaire's own); with fewer than two there is no choice and nothing shows. */
  languages?: readonly Lang[];
}) {
  const { t, i18n } = useTranslation('widgets');
  const offered = SUPPORTED_LANGUAGES.filter((lang) => languages.includes(lang));
  if (offered.length < 2) return null;
  return (
    <fieldset className={`inline-flex gap-1 ${className}`}>
      <legend className="sr-only">{t('language.label')}</legend>
      {offered.map((lang) => {
        const active = i18n.language === lang;
        return (
          <button
            key={lang}
            type="button"
            lang={lang}
            aria-pressed={active}
            // the name starts with the visible text (WCAG 2.5.3, axe label-content-name-mismatch)
            aria-label={`${LABELS[lang].short} ${LABELS[lang].name}`}
            onClick={() =>
              // the new language's texts must arrive first; when they cannot, the page stays as it is and says so
              setLanguage(lang).then(
                () => onChosen?.(lang),
                () => onFailed?.(),
              )
            }
            className={`min-h-11 min-w-11 rounded-md px-3 text-sm font-semibold ${
              active ? 'bg-accent-700 text-white' : 'text-slate-800 hover:bg-slate-200'
            }`}
          >
            {LABELS[lang].short}
          </button>
        );
      })}
    </fieldset>
  );
}
