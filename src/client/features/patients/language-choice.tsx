import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../../forms/types';
import { Radios } from '../../components/radios';

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
      <Radios
        name={name}
        value={value}
        onChange={onChange}
        options={languages.map((option) => [option, t(`languages.${option}`)] as const)}
        className="flex gap-4"
      />
    </fieldset>
  );
}
