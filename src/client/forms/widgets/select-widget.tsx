import {
  ariaDescribedByIds,
  enumOptionsIndexForValue,
  enumOptionsValueForIndex,
  type WidgetProps,
} from '@rjsf/utils';
import { useEffect } from 'react';
import { useFormText } from '../form-text';
import { inputClass } from '../styles';

type EnumOptions = NonNullable<WidgetProps['options']['enumOptions']>;

/** An integer field with a minimum and no enum (graduation year): every year from the maximum down. */
function yearOptions(schema: WidgetProps['schema']): EnumOptions {
  if (schema.type !== 'integer' || typeof schema.minimum !== 'number') return [];
  const max = typeof schema.maximum === 'number' ? schema.maximum : new Date().getFullYear();
  const years: EnumOptions = [];
  for (let year = max; year >= schema.minimum; year--) years.push({ value: year, label: String(year) });
  return years;
}

/**
 * A themed native `<select>` over the enum options, with an empty first choice when nothing is chosen.
 * An integer field without enum lists years (maximum or this year down to its minimum);
 * `ui:options.defaultYearOffset` (-1: last year) fills an empty value once.
 */
export function SelectWidget(props: WidgetProps) {
  const { id, htmlName, options, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus } =
    props;
  const t = useFormText();
  const { enumDisabled, emptyValue, defaultYearOffset } = options;
  const enumOptions = options.enumOptions?.length ? options.enumOptions : yearOptions(props.schema);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fills the default once, on mount
  useEffect(() => {
    if (value === undefined && typeof defaultYearOffset === 'number') {
      onChange(new Date().getFullYear() + defaultYearOffset);
    }
  }, []);
  const selected = enumOptionsIndexForValue(value, enumOptions, false);
  const hasError = !props.hideError && (props.rawErrors?.length ?? 0) > 0;
  const toValue = (index: string) => enumOptionsValueForIndex(index, enumOptions, emptyValue);

  return (
    <select
      id={id}
      name={htmlName || id}
      className={inputClass(hasError, 'pr-8')}
      value={typeof selected === 'undefined' ? '' : String(selected)}
      required={required}
      disabled={disabled || readonly}
      // biome-ignore lint/a11y/noAutofocus: only when the form author asks for it (ui:autofocus)
      autoFocus={autofocus}
      aria-invalid={hasError || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => onChange(toValue(event.target.value))}
      onBlur={(event) => onBlur(id, toValue(event.target.value))}
      onFocus={(event) => onFocus(id, toValue(event.target.value))}
    >
      <option value="">{props.placeholder || t('select.placeholder')}</option>
      {enumOptions.map((option, index) => (
        <option
          key={String(option.value)}
          value={String(index)}
          disabled={Array.isArray(enumDisabled) && enumDisabled.includes(option.value)}
        >
          {option.label}
        </option>
      ))}
    </select>
  );
}
