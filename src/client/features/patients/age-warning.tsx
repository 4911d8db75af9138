import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { type LibraryEntry, textIn } from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';

/**
 * The warning before giving a questionnaire outside its ages (in session or by link): says why, and lets the
 * practitioner go on anyway (the server records the override) or choose another questionnaire.
 */
export function AgeWarning(props: {
  questionnaire: Pick<LibraryEntry, 'title' | 'ageRange'>;
  age: number | null | undefined;
  confirm: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  pending: boolean;
  pendingText: string;
}) {
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  const { questionnaire } = props;
  return (
    <Alert
      tone="warning"
      role="alert"
      title={t('give.ageWarningTitle')}
      actions={
        <>
          <Button onClick={props.onConfirm} loading={props.pending} loadingText={props.pendingText}>
            {props.confirm}
          </Button>
          <Button variant="secondary" onClick={props.onCancel}>
            {t('give.ageCancel')}
          </Button>
        </>
      }
    >
      {t('give.ageWarning', {
        title: textIn(questionnaire.title, lang),
        min: questionnaire.ageRange.min,
        max: questionnaire.ageRange.max,
        age: props.age ?? '?',
      })}
    </Alert>
  );
}
