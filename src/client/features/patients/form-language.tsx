import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast';
import { SUPPORTED_LANGUAGES, setLanguage } from '../../i18n';
import { useLang } from '../../lib/use-lang';

/**
 * The language the questionnaire is shown in while it is filled in session. The form follows the page's
 * language, so choosing one switches both (the stored response keeps the language it was given in).
 */
export function FormLanguage() {
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  return (
    <fieldset className="mb-6 flex flex-wrap items-center gap-3">
      <legend className="float-left mr-2 font-semibold text-slate-900">{t('fill.formLanguage')}</legend>
      {SUPPORTED_LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={lang === option}
          onClick={() => setLanguage(option).catch(() => toast.error(t('fill.languageFailed')))}
          className={`min-h-11 rounded-md border px-4 font-semibold ${
            lang === option
              ? 'border-accent-700 bg-accent-700 text-white'
              : 'border-slate-400 bg-white text-slate-900 hover:bg-slate-100'
          }`}
        >
          {t(`languages.${option}`)}
        </button>
      ))}
    </fieldset>
  );
}
