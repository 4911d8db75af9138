import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { useQuestionnaireLibrary } from '../../lib/questionnaire-api';
import { LibraryCard } from './library-card';

/** /questionnaires: the library, one card per questionnaire with its preview. */
export function LibraryPage() {
  const { t } = useTranslation('questionnaires');
  const library = useQuestionnaireLibrary();
  let body: ReactNode;
  if (library.isPending) body = <LoadingBlock />;
  else if (library.isError) {
    body = (
      <Alert
        tone="error"
        role="none"
        title={t('library.loadFailed')}
        actions={<Button onClick={() => void library.refetch()}>{t('common.tryAgain')}</Button>}
      />
    );
  } else if (library.data.length === 0) body = <p className="text-slate-700">{t('library.empty')}</p>;
  else {
    body = (
      <ul className="grid gap-4 lg:grid-cols-2">
        {library.data.map((entry) => (
          <LibraryCard key={entry.id} entry={entry} />
        ))}
      </ul>
    );
  }
  return (
    <>
      <PageHeader title={t('library.title')} description={t('library.description')} />
      {body}
    </>
  );
}
