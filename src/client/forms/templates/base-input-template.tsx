import { ariaDescribedByIds, type BaseInputTemplateProps, getInputProps } from '@rjsf/utils';
import type { ChangeEvent, FocusEvent } from 'react';
import { inputClass } from '../styles';

/** The themed `<input>` behind text, email, number and other plain inputs. */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const {
    id,
    htmlName,
    value,
    readonly,
    disabled,
    autofocus,
    onBlur,
    onFocus,
    onChange,
    onChangeOverride,
    options,
    schema,
    rawErrors,
    hideError,
    type,
    placeholder,
    required,
  } = props;
  const inputProps = getInputProps(schema, type, options);
  const isNumber = inputProps.type === 'number' || inputProps.type === 'integer';
  const inputValue = isNumber ? (value || value === 0 ? value : '') : (value ?? '');
  const hasError = !hideError && (rawErrors?.length ?? 0) > 0;

  return (
    <input
      id={id}
      name={htmlName || id}
      className={inputClass(
        hasError,
        typeof options.inputClassName === 'string' ? options.inputClassName : '',
      )}
      readOnly={readonly}
      disabled={disabled}
      // biome-ignore lint/a11y/noAutofocus: only when the form author asks for it (ui:autofocus)
      autoFocus={autofocus}
      placeholder={placeholder}
      aria-required={required || undefined}
      aria-invalid={hasError || undefined}
      value={inputValue}
      {...inputProps}
      onChange={
        onChangeOverride ??
        ((event: ChangeEvent<HTMLInputElement>) =>
          onChange(event.target.value === '' ? options.emptyValue : event.target.value))
      }
      onBlur={(event: FocusEvent<HTMLInputElement>) => onBlur(id, event.target.value)}
      onFocus={(event: FocusEvent<HTMLInputElement>) => onFocus(id, event.target.value)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}
