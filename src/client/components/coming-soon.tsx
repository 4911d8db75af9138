import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

/** A section that exists in the navigation but has no content yet. */
export function ComingSoon({ section }: { section: string }) {
  const { t } = useTranslation('account');
  return (
    <>
      <PageHeader title={section} />
      <div className="rounded-lg border border-dashed border-slate-400 bg-white p-8 text-center">
        <h2 className="text-xl font-semibold text-slate-900">{t('comingSoon.title')}</h2>
        <p className="mx-auto mt-2 max-w-prose text-slate-700">{t('comingSoon.description', { section })}</p>
      </div>
    </>
  );
}
