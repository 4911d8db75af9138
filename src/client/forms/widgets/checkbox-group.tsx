import {
  ariaDescribedByIds,
  enumOptionsDeselectValue,
  enumOptionsIsSelected,
  enumOptionsSelectValue,
  optionId,
  type WidgetProps,
} from '@rjsf/utils';
import { useFormText } from '../form-text';
import { choiceInput } from '../styles';

interface CheckboxGroupProps {
  widget: WidgetProps;
  /** Classes of the list: a grid of columns or wrapping chips. */
  listClass: string;
  optionClass: (checked: boolean) => string;
  /** Locale key of the 'N selected' line (widgets namespace). */
  countKey: string;
}

/**
 * Checkboxes over an array-of-enum field, with an 'N selected' line announced politely. The first box
 * carries the field id (label target, error links, focus on first error).
 */
export function CheckboxGroup({ widget, listClass, optionClass, countKey }: CheckboxGroupProps) {
  const { id, htmlName, options, value, disabled, readonly, onChange, onBlur, onFocus } = widget;
  const t = useFormText();
  const { enumOptions = [], enumDisabled } = options;
  const selected: unknown[] = Array.isArray(value) ? value : [];
  const countId = `${id}__count`;

  return (
    <div>
      <div className={listClass}>
        {enumOptions.map((option, index) => {
          const checked = enumOptionsIsSelected(option.value, selected);
          const inputId = index === 0 ? id : optionId(id, index);
          return (
            <label key={String(option.value)} htmlFor={inputId} className={optionClass(checked)}>
              <input
                type="checkbox"
                id={inputId}
                name={htmlName || id}
                className={choiceInput}
                checked={checked}
                disabled={
                  disabled || readonly || (Array.isArray(enumDisabled) && enumDisabled.includes(option.value))
                }
                aria-describedby={`${ariaDescribedByIds(id)} ${countId}`}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? enumOptionsSelectValue(index, selected as never[], enumOptions)
                      : enumOptionsDeselectValue(index, selected as never[], enumOptions),
                  )
                }
                onBlur={() => onBlur(id, value)}
                onFocus={() => onFocus(id, value)}
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
      <p id={countId} aria-live="polite" className="mt-2 text-base text-slate-600">
        {t(countKey, { count: selected.length })}
      </p>
    </div>
  );
}
