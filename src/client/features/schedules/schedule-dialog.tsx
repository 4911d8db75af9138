import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, type IssuedScheduleView, LINK_RESPONDENTS, type LinkRespondent } from '../../../shared';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { Radios } from '../../components/radios';
import { isApiError } from '../../lib/api-error';
import { textIn, useQuestionnaireLibrary } from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';
import { AgeWarning, LanguageChoice } from '../patients';
import { useCreateSchedule } from './api/schedules';
import { formatDay, istanbulToday } from './days';
import { describedBy, Field, FieldError, inputClass, shortInputClass } from './field';
import {
  checkDraft,
  type DraftErrors,
  type DraftField,
  defaultDraft,
  FIELD_ORDER,
  LIMITS,
  type ScheduleDraft,
} from './schedule-rule';

/** The schedule's choices stack on a phone and sit in a row from `sm` on. */
const SCHEDULE_RADIOS = 'flex flex-col gap-1 sm:flex-row sm:gap-6';

/**
 * 'Repeat': a questionnaire sent by itself on a rule. The rules live in schedule-rule.ts; this draws the fields,
 * shows their errors in words (a summary first, which takes focus) and, once made, the code once.
 */
export function ScheduleDialog({
  clientId,
  open,
  onClose,
}: {
  clientId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('schedules');
  const [issued, setIssued] = useState<IssuedScheduleView>();
  const close = () => {
    setIssued(undefined);
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      size="lg"
      title={issued ? t('dialog.madeTitle') : t('dialog.title')}
      footer={issued ? <Button onClick={close}>{t('dialog.close')}</Button> : undefined}
    >
      {issued ? (
        <Made issued={issued} />
      ) : (
        <ScheduleForm clientId={clientId} onMade={setIssued} onCancel={close} />
      )}
    </Modal>
  );
}

function Made({ issued }: { issued: IssuedScheduleView }) {
  const { t } = useTranslation('schedules');
  const lang = useLang();
  const first =
    issued.schedule.occurrences.find((o) => o.state !== 'cancelled')?.dueOn ?? issued.schedule.startOn;
  return (
    <div className="space-y-3" data-testid="schedule-made">
      <p>{t('dialog.madeText', { date: formatDay(first, lang) })}</p>
      {issued.code && (
        <p>
          {t('dialog.codeIs')}{' '}
          <strong className="font-mono text-2xl tracking-widest" data-testid="schedule-code">
            {issued.code}
          </strong>
        </p>
      )}
    </div>
  );
}

function ScheduleForm({
  clientId,
  onMade,
  onCancel,
}: {
  clientId: string;
  onMade: (issued: IssuedScheduleView) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('schedules');
  const { t: tq } = useTranslation('questionnaires');
  const lang = useLang();
  const library = useQuestionnaireLibrary();
  const create = useCreateSchedule(clientId);
  const base = useId();
  const id = (field: DraftField | 'questionnaire' | 'ends' | 'when') => `${base}-${field}`;
  const summaryRef = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<ScheduleDraft>(() => defaultDraft(istanbulToday(), lang));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [checked, setChecked] = useState(false);

  const fillable = (library.data ?? []).filter((entry) =>
    entry.respondents.some((r) => (LINK_RESPONDENTS as readonly string[]).includes(r)),
  );
  const entry = fillable.find((e) => e.id === draft.questionnaireId) ?? fillable[0];
  const allowed = LINK_RESPONDENTS.filter((r) => entry?.respondents.includes(r));
  // the first respondent the questionnaire allows is chosen already, as in the link dialog
  const who: LinkRespondent | '' = allowed.includes(draft.respondent as LinkRespondent)
    ? (draft.respondent as LinkRespondent)
    : (allowed[0] ?? '');
  const language =
    !entry || entry.languages.includes(draft.language) ? draft.language : (entry.languages[0] ?? lang);
  const current: ScheduleDraft = { ...draft, questionnaireId: entry?.id ?? '', respondent: who, language };
  // the server's own checks (e.g. too many days until the last) name the same fields, in the user's language
  const serverFields = isApiError(create.error) ? create.error.fields : undefined;
  const errorOf = (field: DraftField) =>
    errors[field] ? t(`dialog.errors.${errors[field]}`) : serverFields?.[field];

  const set = <K extends keyof ScheduleDraft>(key: K, value: ScheduleDraft[K]) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    // once a submit failed, the messages follow the corrections
    if (checked) setErrors(checkDraft({ ...current, [key]: value }, istanbulToday()).errors);
    // a refusal answered the values as they were
    if (create.isError) create.reset();
  };

  const ageWarning =
    isApiError(create.error) && create.error.code === ERROR_CODES.AGE_OUTSIDE_RANGE
      ? create.error
      : undefined;
  const submit = (ageOverride = false) => {
    const result = checkDraft(current, istanbulToday());
    setErrors(result.errors);
    setChecked(true);
    if (!result.input) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    create.mutate({ ...result.input, ...(ageOverride ? { ageOverride } : {}) }, { onSuccess: onMade });
  };

  if (library.isError) return <Alert tone="error" role="none" title={tq('library.loadFailed')} />;
  if (library.data && fillable.length === 0)
    return <p className="text-slate-700">{t('dialog.noneFillable')}</p>;
  const failed = FIELD_ORDER.filter((field) => errorOf(field));
  return (
    <form
      id={`${base}-form`}
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {failed.length > 0 && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby={`${base}-summary`}
          className="rounded-md border-4 border-red-700 p-4"
        >
          <h3 id={`${base}-summary`} className="mb-2 text-lg font-semibold text-slate-900">
            {t('dialog.summaryTitle')}
          </h3>
          <ul className="list-disc space-y-1 pl-5">
            {failed.map((field) => (
              <li key={field}>
                <a
                  href={`#${id(field)}`}
                  className="font-semibold text-red-700 underline"
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(id(field))?.focus();
                  }}
                >
                  {errorOf(field)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Field id={id('questionnaire')} label={t('dialog.questionnaire')}>
        <select
          id={id('questionnaire')}
          value={entry?.id ?? ''}
          onChange={(event) => set('questionnaireId', event.target.value)}
          disabled={library.isPending}
          className={inputClass}
        >
          {fillable.map((option) => (
            <option key={option.id} value={option.id}>
              {textIn(option.title, lang)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id('respondent')} label={t('dialog.respondent')} error={errorOf('respondent')}>
        <select
          id={id('respondent')}
          value={who}
          onChange={(event) => set('respondent', event.target.value as LinkRespondent)}
          aria-invalid={errorOf('respondent') ? true : undefined}
          aria-describedby={describedBy(id('respondent'), false, errorOf('respondent'))}
          className={inputClass}
        >
          {allowed.map((r) => (
            <option key={r} value={r}>
              {tq(`respondents.${r}`)}
            </option>
          ))}
        </select>
      </Field>
      <LanguageChoice
        value={language}
        onChange={(next) => set('language', next)}
        languages={entry?.languages}
      />
      <Field id={id('email')} label={t('dialog.email')} hint={t('dialog.emailHint')} error={errorOf('email')}>
        <input
          id={id('email')}
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={draft.email}
          onChange={(event) => set('email', event.target.value)}
          aria-invalid={errorOf('email') ? true : undefined}
          aria-describedby={describedBy(id('email'), true, errorOf('email'))}
          className={inputClass}
        />
      </Field>
      <fieldset className="space-y-3">
        <legend className="mb-1 font-semibold text-slate-900">{t('dialog.when')}</legend>
        <Radios
          name={id('when')}
          value={draft.pattern}
          onChange={(value) => set('pattern', value)}
          options={[
            ['every', t('dialog.every')],
            ['dates', t('dialog.onDates')],
          ]}
          className={SCHEDULE_RADIOS}
        />
        {draft.pattern === 'every' ? (
          <div className="space-y-4 border-l-4 border-slate-300 pl-4">
            <Field id={id('everyWeeks')} label={t('dialog.everyWeeks')} error={errorOf('everyWeeks')}>
              <NumberInput
                id={id('everyWeeks')}
                value={draft.everyWeeks}
                onChange={(value) => set('everyWeeks', value)}
                max={LIMITS.everyWeeks}
                error={errorOf('everyWeeks')}
                unit={t('dialog.weeksUnit')}
              />
            </Field>
            <Field
              id={id('startOn')}
              label={t('dialog.startOn')}
              hint={t('dialog.startOnHint')}
              error={errorOf('startOn')}
            >
              <input
                id={id('startOn')}
                type="date"
                value={draft.startOn}
                min={istanbulToday()}
                onChange={(event) => set('startOn', event.target.value)}
                aria-invalid={errorOf('startOn') ? true : undefined}
                aria-describedby={describedBy(id('startOn'), true, errorOf('startOn'))}
                className={inputClass}
              />
            </Field>
          </div>
        ) : (
          <DateList
            baseId={id('dates')}
            dates={draft.dates}
            onChange={(dates) => set('dates', dates)}
            error={errorOf('dates')}
          />
        )}
      </fieldset>
      {draft.pattern === 'every' && (
        <fieldset className="space-y-3">
          <legend className="mb-1 font-semibold text-slate-900">{t('dialog.ends')}</legend>
          <Radios
            name={id('ends')}
            value={draft.end}
            onChange={(value) => set('end', value)}
            options={[
              ['times', t('dialog.afterTimes')],
              ['until', t('dialog.onUntil')],
            ]}
            className={SCHEDULE_RADIOS}
          />
          <div className="border-l-4 border-slate-300 pl-4">
            {draft.end === 'times' ? (
              <Field id={id('times')} label={t('dialog.times')} error={errorOf('times')}>
                <NumberInput
                  id={id('times')}
                  value={draft.times}
                  onChange={(value) => set('times', value)}
                  max={LIMITS.times}
                  error={errorOf('times')}
                />
              </Field>
            ) : (
              <Field id={id('until')} label={t('dialog.until')} error={errorOf('until')}>
                <input
                  id={id('until')}
                  type="date"
                  value={draft.until}
                  min={draft.startOn || istanbulToday()}
                  onChange={(event) => set('until', event.target.value)}
                  aria-invalid={errorOf('until') ? true : undefined}
                  aria-describedby={describedBy(id('until'), false, errorOf('until'))}
                  className={inputClass}
                />
              </Field>
            )}
          </div>
        </fieldset>
      )}
      <div className="space-y-3">
        <label className="inline-flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            checked={draft.remind}
            onChange={(event) => set('remind', event.target.checked)}
            className="h-5 w-5"
          />
          {t('dialog.remind')}
        </label>
        {draft.remind && (
          <div className="border-l-4 border-slate-300 pl-4">
            <Field
              id={id('remindAfterDays')}
              label={t('dialog.remindAfterDays')}
              error={errorOf('remindAfterDays')}
            >
              <NumberInput
                id={id('remindAfterDays')}
                value={draft.remindAfterDays}
                onChange={(value) => set('remindAfterDays', value)}
                max={LIMITS.remindAfterDays}
                error={errorOf('remindAfterDays')}
                unit={t('dialog.daysUnit')}
              />
            </Field>
          </div>
        )}
      </div>
      <label className="inline-flex min-h-11 items-start gap-2">
        <input
          type="checkbox"
          checked={draft.withCode}
          onChange={(event) => set('withCode', event.target.checked)}
          className="mt-0.5 h-5 w-5 shrink-0"
        />
        {t('dialog.withCode')}
      </label>
      {create.isError && !ageWarning && (
        <Alert tone="error" role="alert" title={t('dialog.createFailed')}>
          {isApiError(create.error) ? create.error.message : null}
        </Alert>
      )}
      {ageWarning && entry ? (
        <AgeWarning
          questionnaire={entry}
          age={typeof ageWarning.body?.age === 'number' ? ageWarning.body.age : undefined}
          confirm={t('dialog.ageConfirm')}
          onConfirm={() => submit(true)}
          onCancel={() => create.reset()}
          pending={create.isPending}
          pendingText={t('dialog.creating')}
        />
      ) : (
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel}>
            {t('dialog.cancel')}
          </Button>
          <Button
            type="submit"
            loading={create.isPending}
            loadingText={t('dialog.creating')}
            disabled={!entry}
          >
            {t('dialog.create')}
          </Button>
        </div>
      )}
    </form>
  );
}

function NumberInput({
  id,
  value,
  onChange,
  max,
  error,
  unit,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  error: string | undefined;
  unit?: string;
}) {
  return (
    <span className="inline-flex items-center gap-2">
      <input
        id={id}
        type="text"
        inputMode="numeric"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, false, error)}
        maxLength={String(max).length}
        className={shortInputClass}
      />
      {unit && <span aria-hidden="true">{unit}</span>}
    </span>
  );
}

/** 'On these days': one date field per day, added and removed one by one. */
function DateList({
  baseId,
  dates,
  onChange,
  error,
}: {
  baseId: string;
  dates: string[];
  onChange: (dates: string[]) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('schedules');
  const listRef = useRef<HTMLOListElement>(null);
  const fieldId = (i: number) => (i === 0 ? baseId : `${baseId}-${i}`);
  return (
    <div className={`space-y-3 border-l-4 pl-4 ${error ? 'border-red-700' : 'border-slate-300'}`}>
      <p className="font-semibold text-slate-900">{t('dialog.dates')}</p>
      <FieldError id={baseId} error={error} />
      <ol ref={listRef} className="space-y-2">
        {dates.map((date, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the days are edited in place; the position is the identity
          <li key={i} className="flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor={fieldId(i)} className="mb-1 block text-sm text-slate-900">
                {t('dialog.dateN', { n: i + 1 })}
              </label>
              <input
                id={fieldId(i)}
                type="date"
                value={date}
                min={istanbulToday()}
                onChange={(event) => onChange(dates.map((d, j) => (j === i ? event.target.value : d)))}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${baseId}-error` : undefined}
                className={inputClass}
              />
            </div>
            {dates.length > 1 && (
              <Button
                variant="quiet"
                onClick={() => {
                  onChange(dates.filter((_, j) => j !== i));
                  requestAnimationFrame(() => document.getElementById(fieldId(Math.max(0, i - 1)))?.focus());
                }}
              >
                {t('dialog.removeDate', { n: i + 1 })}
              </Button>
            )}
          </li>
        ))}
      </ol>
      {dates.length < LIMITS.dates && (
        <Button
          variant="secondary"
          onClick={() => {
            onChange([...dates, '']);
            requestAnimationFrame(() => document.getElementById(fieldId(dates.length))?.focus());
          }}
        >
          {t('dialog.addDate')}
        </Button>
      )}
    </div>
  );
}
