import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibraryEntry } from '../../../shared';
import type { FieldErrors } from '../../lib/api-error';
import { textIn } from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';
import type { ChangeReportQuery } from './api/change-report';

const FIELD = 'min-h-11 w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-base';

/** One labelled control; a field the server refused is outlined and says why between label and control. */
function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => React.ReactNode;
}) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const described = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'border-l-4 border-red-700 pl-3' : undefined}>
      <label htmlFor={id} className="mb-1 block font-semibold text-slate-900">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mb-1 text-sm text-slate-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mb-1 font-semibold text-red-700">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      )}
      {children({ id, 'aria-describedby': described, 'aria-invalid': error ? true : undefined })}
    </div>
  );
}

/** The report's questionnaire, scale, informant and period; every change asks for the report at once. */
export function ReportFilters({
  library,
  entry,
  scales,
  query,
  errors,
  onChange,
}: {
  library: readonly LibraryEntry[];
  entry: LibraryEntry;
  scales: ReadonlyArray<{ id: string; label: string }>;
  query: ChangeReportQuery;
  errors: FieldErrors | undefined;
  onChange: (patch: Partial<Record<keyof ChangeReportQuery, string>>) => void;
}) {
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  return (
    <fieldset
      data-print-hidden
      className="mb-6 grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3"
    >
      <legend className="px-1 font-semibold text-slate-900">{t('changeReport.settings')}</legend>
      <Field label={t('changeReport.questionnaire')} error={errors?.questionnaire}>
        {(props) => (
          <select
            {...props}
            value={entry.id}
            onChange={(event) => onChange({ questionnaire: event.target.value, scale: '', respondent: '' })}
            className={FIELD}
          >
            {library.map((option) => (
              <option key={option.id} value={option.id}>
                {textIn(option.title, lang)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('changeReport.scale')} error={errors?.scale}>
        {(props) => (
          <select
            {...props}
            value={query.scale}
            onChange={(event) => onChange({ scale: event.target.value })}
            className={FIELD}
          >
            {scales.map((scale) => (
              <option key={scale.id} value={scale.id}>
                {scale.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {entry.respondents.length > 1 && (
        <Field
          label={t('changeReport.respondent')}
          hint={t('changeReport.respondentHint')}
          error={errors?.respondent}
        >
          {(props) => (
            <select
              {...props}
              value={query.respondent}
              onChange={(event) => onChange({ respondent: event.target.value })}
              className={FIELD}
            >
              {entry.respondents.map((respondent) => (
                <option key={respondent} value={respondent}>
                  {t(`respondents.${respondent}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field label={t('changeReport.from')} error={errors?.from}>
        {(props) => (
          <input
            {...props}
            type="date"
            value={query.from}
            max={query.to}
            onChange={(event) => event.target.value && onChange({ from: event.target.value })}
            className={FIELD}
          />
        )}
      </Field>
      <Field label={t('changeReport.to')} error={errors?.to}>
        {(props) => (
          <input
            {...props}
            type="date"
            value={query.to}
            min={query.from}
            onChange={(event) => event.target.value && onChange({ to: event.target.value })}
            className={FIELD}
          />
        )}
      </Field>
    </fieldset>
  );
}
