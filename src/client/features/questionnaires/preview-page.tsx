import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { QuestionnaireDefinition } from '../../../forms/questionnaires';
import { Alert } from '../../components/Alert';
import { ButtonLink } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { QuestionnaireForm } from '../../forms/questionnaire/questionnaire-form';
import {
  textIn,
  useQuestionnaireDefinition,
  useQuestionnaireLibrary,
  useQuestionnaireWords,
} from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';

/** /questionnaires/:id: the latest version drawn read-only, with its instructions and licence notice. */
export function PreviewPage() {
  const { id } = useParams();
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  const library = useQuestionnaireLibrary();
  const entry = library.data?.find((e) => e.id === id);
  const definition = useQuestionnaireDefinition(entry?.id, entry?.version);
  const [answers, setAnswers] = useState<Record<string, unknown>>({});

  const back = (
    <ButtonLink to="/questionnaires" variant="secondary">
      {t('preview.back')}
    </ButtonLink>
  );
  if (library.isPending || (entry && definition.isPending)) return <LoadingBlock />;
  if (library.isError || definition.isError || !entry || !definition.data) {
    return (
      <Alert tone="error" role="none" title={t('preview.notFound')} actions={back}>
        {t('preview.notFoundText')}
      </Alert>
    );
  }
  return (
    <Preview
      title={textIn(entry.title, lang)}
      definition={definition.data}
      back={back}
      answers={answers}
      onChange={setAnswers}
    />
  );
}

function Preview({
  title,
  definition,
  back,
  answers,
  onChange,
}: {
  title: string;
  definition: QuestionnaireDefinition;
  back: ReactNode;
  answers: Record<string, unknown>;
  onChange: (answers: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation('questionnaires');
  // the whole locale file (licence notice, scale names) before the form draws
  useQuestionnaireWords(definition);
  return (
    <article className="max-w-3xl">
      <PageHeader title={title} description={t('preview.description', { version: definition.version })} />
      <div className="mb-6">{back}</div>
      <QuestionnaireForm
        questionnaire={definition}
        value={answers}
        onChange={onChange}
        readOnly
        idPrefix="preview"
      />
    </article>
  );
}
