import { useTranslation } from 'react-i18next';
import { usePractitionerSignature } from '../../lib/practitioner-signature';
import { useLang } from './intake-parts';

/** On paper only: who printed it (name and title), for which client, and when, in the interface language. */
export function PrintHeading({ name }: { name: string }) {
  const { t } = useTranslation('intake');
  const lang = useLang();
  const practitioner = usePractitionerSignature();
  const printed = new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', { dateStyle: 'long' }).format(
    new Date(),
  );
  return (
    <div data-print-heading className="mb-6 hidden border-b border-slate-400 pb-3 text-sm print:block">
      <p className="font-semibold">{t('page.formTitle')}</p>
      <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-4">
        <dt>{t('print.practitioner')}</dt>
        <dd>{practitioner}</dd>
        <dt>{t('print.client')}</dt>
        <dd>{name}</dd>
        <dt>{t('print.printedOn')}</dt>
        <dd>{printed}</dd>
      </dl>
    </div>
  );
}
