import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { choiceInput, choiceLabel } from '../styles';

/** A single themed checkbox with its label beside it (the field template leaves the label to it). */
export function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, label, required, onChange, onBlur, onFocus } =
    props;
  const hasError = !props.hideError && (props.rawErrors?.length ?? 0) > 0;
  return (
    <label htmlFor={id} className={`${choiceLabel} -mx-2`}>
      <input
        type="checkbox"
        id={id}
        name={htmlName || id}
        className={choiceInput}
        checked={value === true}
        disabled={disabled || readonly}
        // biome-ignore lint/a11y/noAutofocus: only when the form author asks for it (ui:autofocus)
        autoFocus={autofocus}
        aria-required={required || undefined}
        aria-invalid={hasError || undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={(event) => onBlur(id, event.target.checked)}
        onFocus={(event) => onFocus(id, event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}
