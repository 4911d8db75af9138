import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useFormText } from '../form-text';
import { inputClass } from '../styles';
import { type DateParts, digitsOf, joinDateParts, parseWholeDate, splitStoredDate } from './date-parts';

const PARTS = [
  { key: 'day', max: 2, width: 'w-16', autoComplete: 'bday-day' },
  { key: 'month', max: 2, width: 'w-16', autoComplete: 'bday-month' },
  { key: 'year', max: 4, width: 'w-24', autoComplete: 'bday-year' },
] as const;

/**
 * A date as three labelled number fields, day, month and year, in that order in both languages (GOV.UK
 * date input, ADR 063): no browser date picker, whose mm/dd/yyyy follows the browser and not the page.
 * Stores an ISO date; the form's date rule (not after today, a real date) reports one error for the group.
 * A whole date pasted into the day field ('27.03.2015', '2015-03-27') fills all three.
 */
export function PastDateWidget(props: WidgetProps) {
  const { id, htmlName, value, options, disabled, readonly, autofocus, onChange, onBlur, onFocus } = props;
  const t = useFormText();
  const hasError = !props.hideError && (props.rawErrors?.length ?? 0) > 0;
  const [parts, setParts] = useState<DateParts>(() => splitStoredDate(value));
  const [emitted, setEmitted] = useState<unknown>(value);
  // a value set from outside (a loaded record, a reset) replaces what the fields show
  if (value !== emitted) {
    setEmitted(value);
    setParts(splitStoredDate(value));
  }

  const update = (next: DateParts) => {
    setParts(next);
    const stored = joinDateParts(next) ?? options.emptyValue;
    setEmitted(stored);
    onChange(stored);
  };
  const fieldId = (key: string) => (key === 'day' ? id : `${id}-${key}`);
  const exampleId = `${id}-example`;
  const locked = disabled || readonly;

  return (
    <div>
      <p id={exampleId} className="mb-2 text-base text-slate-600">
        {t('date.example')}
      </p>
      <div className="flex flex-wrap gap-4">
        {PARTS.map(({ key, max, width, autoComplete }, index) => (
          <div key={key} className={`flex flex-col ${width}`}>
            <label htmlFor={fieldId(key)} className="text-base text-slate-900">
              {t(`date.${key}`)}
            </label>
            <input
              id={fieldId(key)}
              name={`${htmlName || id}-${key}`}
              type="text"
              inputMode="numeric"
              autoComplete={String(options.autocomplete) === 'bday' ? autoComplete : 'off'}
              className={inputClass(hasError, 'mt-1 text-center')}
              value={parts[key]}
              disabled={disabled}
              readOnly={readonly}
              // biome-ignore lint/a11y/noAutofocus: only when the form author asks for it (ui:autofocus)
              autoFocus={autofocus && index === 0}
              aria-invalid={hasError || undefined}
              aria-describedby={`${exampleId} ${ariaDescribedByIds(id)}`}
              onChange={(event) => {
                if (locked) return;
                const whole = key === 'day' ? parseWholeDate(event.target.value) : undefined;
                update(whole ?? { ...parts, [key]: digitsOf(event.target.value, max) });
              }}
              onBlur={() => onBlur(id, joinDateParts(parts))}
              onFocus={() => onFocus(id, joinDateParts(parts))}
            />
          </div>
        ))}
      </div>
    </div>
  );
}
