import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { SchemaFormContext } from '../form-context';
import { choiceInput, choiceLabel } from '../styles';
import { splitLinkedLabel } from './label-link';

/**
 * A single themed checkbox with its label beside it (the field template leaves the label to it). With
 * `ui:options.labelLink` (e.g. `terms`), the words of the label between [ and ] are a link that calls the
 * screen's `formContext.onLabelLink('terms')` (the policy modal) without ticking the box.
 */
export function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, label, required, onChange, onBlur, onFocus } =
    props;
  const hasError = !props.hideError && (props.rawErrors?.length ?? 0) > 0;
  const linkTo = typeof props.options.labelLink === 'string' ? props.options.labelLink : undefined;
  const onLabelLink = (props.registry.formContext as SchemaFormContext | undefined)?.onLabelLink;
  const parts = splitLinkedLabel(label ?? '');
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
      <span>
        {parts.before}
        {parts.link !== undefined &&
          (linkTo && onLabelLink ? (
            // a link, not a button: a label may hold no other labelable control; a click on it ticks nothing
            <a
              href={`#${linkTo}`}
              aria-haspopup="dialog"
              className="font-semibold"
              onClick={(event) => {
                event.preventDefault();
                onLabelLink(linkTo);
              }}
            >
              {parts.link}
            </a>
          ) : (
            parts.link
          ))}
        {parts.after}
      </span>
    </label>
  );
}
