import { useTranslation } from 'react-i18next';
import type { QuestionnaireMeta } from '../../../forms/questionnaires';
import type { Lang } from '../../../forms/types';
import { type QuestionnaireRef, useQuestionnaireText } from './use-questionnaire-text';

export interface LicenceNoticeProps {
  questionnaire: QuestionnaireRef & { meta: Pick<QuestionnaireMeta, 'licence'> };
  className?: string;
  /** The language the questionnaire is drawn in; the page's when omitted (ADR 111). */
  lang?: Lang;
}

/**
 * The licence notice of a questionnaire (`_licence.notice`), with its holder and whether it is an example:
 * shown wherever the questionnaire or its results are shown or printed. The holder is the metadata's name
 * unless the page's language gives it in words of its own (`_licence.holder`).
 */
export function LicenceNotice({ questionnaire, className = '', lang }: LicenceNoticeProps) {
  const { text, optionalText } = useQuestionnaireText(questionnaire, lang);
  const { t } = useTranslation('widgets', lang ? { lng: lang } : undefined);
  const { licence } = questionnaire.meta;
  const holder = optionalText('_licence.holder') ?? licence.holder;
  return (
    <aside
      aria-label={t('questionnaire.licence.title')}
      className={`rounded-md border border-slate-300 bg-slate-50 p-4 text-sm text-slate-800 print:border-slate-500 print:bg-white ${className}`}
    >
      {licence.example && (
        <p className="mb-2 inline-block rounded border border-slate-500 px-2 py-0.5 font-semibold">
          {t('questionnaire.licence.example')}
        </p>
      )}
      <p className="max-w-[70ch]">{text('_licence.notice')}</p>
      <p className="mt-1 text-slate-700">{t('questionnaire.licence.holder', { holder })}</p>
      {!licence.electronicUse && (
        <p className="mt-1 font-semibold">{t('questionnaire.licence.noElectronicUse')}</p>
      )}
    </aside>
  );
}
