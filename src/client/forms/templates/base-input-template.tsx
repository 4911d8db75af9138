import { ariaDescribedByIds, type BaseInputTemplateProps, getInputProps } from '@rjsf/utils';
import { type ChangeEvent, type FocusEvent, useLayoutEffect, useRef } from 'react';
import type { SchemaFormContext } from '../form-context';
import { inputClass } from '../styles';
import { useBufferedText } from '../use-buffered-text';

/** Input types whose text is kept by the field while the user types (ADR 006); numbers and dates are not. */
const BUFFERED_TYPES = new Set(['text', 'email', 'search', 'tel', 'url']);

/**
 * The themed `<input>` behind text, email, number and other plain inputs. Free text stays in the field while
 * the user types and reaches the form when typing pauses, on blur and on Enter (ADR 006). Such an input is
 * uncontrolled, so a key renders nothing (a render walks from the app's root to the field; ADR 006, amendment).
 */
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
    registry,
  } = props;
  const inputProps = getInputProps(schema, type, options);
  const isNumber = inputProps.type === 'number' || inputProps.type === 'integer';
  const inputValue = isNumber ? (value || value === 0 ? value : '') : (value ?? '');
  const hasError = !hideError && (rawErrors?.length ?? 0) > 0;
  const buffered = !onChangeOverride && BUFFERED_TYPES.has(inputProps.type ?? 'text');
  const { text, change, commit } = useBufferedText({
    value: typeof inputValue === 'string' ? inputValue : String(inputValue),
    onCommit: (next) => onChange(next === '' ? options.emptyValue : next),
    pendingEdits: (registry.formContext as SchemaFormContext | undefined)?.pendingEdits,
    renderKeys: !buffered,
  });
  const input = useRef<HTMLInputElement>(null);
  // text from outside (server data, a reload, a reset) goes into the DOM; typed text is already there
  useLayoutEffect(() => {
    if (buffered && input.current && input.current.value !== text) input.current.value = text;
  }, [buffered, text]);

  return (
    <input
      ref={input}
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
      {...(buffered ? { defaultValue: text } : { value: inputValue })}
      {...inputProps}
      onChange={
        onChangeOverride ??
        ((event: ChangeEvent<HTMLInputElement>) =>
          buffered
            ? change(event.target.value)
            : onChange(event.target.value === '' ? options.emptyValue : event.target.value))
      }
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        commit();
        onBlur(id, event.target.value);
      }}
      onFocus={(event: FocusEvent<HTMLInputElement>) => onFocus(id, event.target.value)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}
