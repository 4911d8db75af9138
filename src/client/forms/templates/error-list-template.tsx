import type { ErrorListProps } from '@rjsf/utils';
import { fieldIdFor, focusField } from '../focus-field';
import { useFormText } from '../form-text';

/** The id of a form's error summary, so the form can move focus to it. */
export function errorSummaryId(idPrefix: string): string {
  return `${idPrefix}__error-summary`;
}

/**
 * The GOV.UK error summary at the top of the form: 'There is a problem' and one link per error that moves
 * focus to its field. SchemaForm focuses it (or the first field) after a failed submit.
 */
export function ErrorListTemplate({ errors, registry }: ErrorListProps) {
  const t = useFormText();
  const { idPrefix, idSeparator } = registry.globalFormOptions;
  const id = errorSummaryId(idPrefix);
  const seen = new Set<string>();
  const unique = errors.filter((error) => {
    const key = `${error.property}|${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  return (
    <div
      id={id}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${id}-title`}
      className="mb-8 max-w-2xl border-4 border-red-700 bg-white p-4 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
        {t('errorSummary.title')}
      </h2>
      <ul className="mt-3 space-y-2">
        {unique.map((error) => {
          const fieldId = fieldIdFor(error.property, idPrefix, idSeparator);
          return (
            <li key={`${error.property}|${error.message}`}>
              <a
                href={`#${fieldId}`}
                className="font-semibold text-red-700 underline underline-offset-2 hover:text-red-800"
                onClick={(event) => {
                  const form = event.currentTarget.closest('form') ?? document;
                  if (focusField(fieldId, form)) event.preventDefault();
                }}
              >
                {error.message}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
