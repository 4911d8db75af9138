import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../forms';
import {
  errorsOfShownItems,
  type QuestionnaireDefinition,
  type Respondent,
  visibleAnswers,
  visibleItems,
} from '../../../forms/questionnaires';
import type { Lang } from '../../../forms/types';
import { LoadingBlock } from '../../components/spinner';
import { SchemaForm } from '../schema-form';
import { LicenceNotice } from './licence-notice';
import { type MissingAnswer, MissingAnswers } from './missing-answers';
import { useQuestionnaireText } from './use-questionnaire-text';

type Answers = Record<string, unknown>;

export interface QuestionnaireFormProps {
  questionnaire: QuestionnaireDefinition;
  value: Answers;
  /** The answers of the items shown: a hidden item's answer is dropped, never reported (ADR 081). */
  onChange: (answers: Answers) => void;
  readOnly?: boolean;
  /** Prefix of every field id; must differ between forms on one page. */
  idPrefix?: string;
  /** Called with the shown answers once they pass full validation; the screen's buttons go in `children`. */
  onSubmit?: (answers: Answers) => void;
  /** The screen's buttons; none are drawn without them. */
  children?: ReactNode;
  /** The server's refusal of a submit (422: item -> message), shown in the same check-your-answers list. */
  refused?: Record<string, string>;
  /**
   * The language the questionnaire is filled in: instructions, items, options, messages and licence are drawn in it,
   * while the screen around keeps the page's (ADR 111). The page's when omitted.
   */
  lang?: Lang;
  /**
   * Who answers (the response's respondent): their wording and their items are drawn (ADR 126). Null or
   * undefined (a response given before it was recorded): the base wording and items.
   */
  respondent?: Respondent | null;
}

/**
 * A questionnaire to fill in: its instructions, the items whose show-if holds (drawn by the generic
 * SchemaForm with the usual widgets), and its licence notice.
 */
export function QuestionnaireForm(props: QuestionnaireFormProps) {
  return (
    <Suspense fallback={<LoadingBlock />}>
      <QuestionnaireFormBody {...props} />
    </Suspense>
  );
}

function QuestionnaireFormBody({
  questionnaire,
  value,
  onChange,
  readOnly,
  idPrefix = 'questionnaire',
  onSubmit,
  children,
  refused,
  lang: fillLang,
  respondent: who,
}: QuestionnaireFormProps) {
  const respondent = who ?? null;
  const { text, lang } = useQuestionnaireText(questionnaire, fillLang, respondent);
  const { t } = useTranslation('widgets', { lng: lang });
  const shown = useMemo(
    () => new Set(visibleItems(questionnaire, value, respondent)),
    [questionnaire, value, respondent],
  );
  const hiddenFields = useMemo(
    () => questionnaire.itemIds.filter((id) => !shown.has(id)),
    [questionnaire, shown],
  );
  const formData = useMemo(
    () => visibleAnswers(questionnaire, value, respondent),
    [questionnaire, value, respondent],
  );
  const report = useCallback(
    (answers: Answers) => onChange(visibleAnswers(questionnaire, answers, respondent)),
    [onChange, questionnaire, respondent],
  );
  // the one show-if rule the server applies too: an error on a hidden item never blocks (ADR 107)
  const errorFilter = useCallback(
    (errors: FieldError[], answers: Answers) =>
      errorsOfShownItems(questionnaire, answers, errors, respondent),
    [questionnaire, respondent],
  );
  // a new object per refusal, so a second refused submit moves focus to the list again
  const [missing, setMissing] = useState<{ list: MissingAnswer[] }>({ list: [] });
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (missing.list.length > 0) panel.current?.focus();
  }, [missing]);
  useEffect(() => {
    if (refused && Object.keys(refused).length > 0)
      setMissing({ list: Object.entries(refused).map(([path, message]) => ({ path, message })) });
  }, [refused]);
  const refuse = useCallback(
    (errors: FieldError[]) => setMissing({ list: errors.map(({ path, message }) => ({ path, message })) }),
    [],
  );
  const submit = useCallback(
    (answers: Answers) => {
      setMissing({ list: [] });
      onSubmit?.(visibleAnswers(questionnaire, answers, respondent));
    },
    [onSubmit, questionnaire, respondent],
  );
  const instructionsId = `${idPrefix}-instructions`;

  return (
    <div className="space-y-6">
      <section aria-labelledby={instructionsId} lang={lang} className="max-w-[70ch]">
        <h2 id={instructionsId} className="text-xl font-bold">
          {t('questionnaire.instructions')}
        </h2>
        <p className="mt-2 whitespace-pre-line">{text('_form.instructions')}</p>
      </section>
      {missing.list.length > 0 && (
        <MissingAnswers ref={panel} missing={missing.list} idPrefix={idPrefix} lang={lang} />
      )}
      <SchemaForm
        formId={questionnaire.formId}
        version={questionnaire.version}
        lang={lang}
        respondent={respondent}
        formData={formData}
        onChange={report}
        onSubmit={submit}
        readonly={readOnly}
        idPrefix={idPrefix}
        hiddenFields={hiddenFields}
        errorFilter={errorFilter}
        onError={refuse}
        errorSummary={false}
      >
        {/* biome-ignore lint/complexity/noUselessFragments: without children RJSF draws its own Submit button */}
        {children ?? <></>}
      </SchemaForm>
      <LicenceNotice questionnaire={questionnaire} lang={lang} />
    </div>
  );
}
