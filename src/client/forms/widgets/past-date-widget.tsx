import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { todayIso } from '../../../forms/formats';
import { inputClass } from '../styles';

/** A native date input that cannot pick a day after today (local calendar); stores an ISO date. */
export function PastDateWidget(props: WidgetProps) {
  const { id, htmlName, value, options, disabled, readonly, autofocus, required, onChange, onBlur, onFocus } =
    props;
  const hasError = !props.hideError && (props.rawErrors?.length ?? 0) > 0;
  return (
    <input
      type="date"
      id={id}
      name={htmlName || id}
      className={inputClass(hasError, 'max-w-xs')}
      value={typeof value === 'string' ? value : ''}
      max={todayIso()}
      min={typeof options.min === 'string' ? options.min : undefined}
      disabled={disabled}
      readOnly={readonly}
      // biome-ignore lint/a11y/noAutofocus: only when the form author asks for it (ui:autofocus)
      autoFocus={autofocus}
      required={required}
      aria-invalid={hasError || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
