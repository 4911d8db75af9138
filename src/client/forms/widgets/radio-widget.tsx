import {
  ariaDescribedByIds,
  enumOptionsIsSelected,
  enumOptionsValueForIndex,
  optionId,
  type WidgetProps,
} from '@rjsf/utils';
import { useFormText } from '../form-text';
import { choiceInput, choiceLabel, lockedChoiceLabel, selectedChoiceLabel } from '../styles';

/**
 * Themed radio buttons. The checked option (or the first) carries the field id, so labels, error links and
 * focus-on-first-error land where Tab would. Read-only (a submitted response), the chosen answer is framed and
 * says "Selected" in words: a disabled radio alone is a faint grey dot.
 */
export function RadioWidget(props: WidgetProps) {
  const { id, htmlName, options, value, disabled, readonly, autofocus, onChange, onBlur, onFocus } = props;
  const { enumOptions = [], enumDisabled, emptyValue, inline } = options;
  const checkedIndex = enumOptions.findIndex((option) => enumOptionsIsSelected(option.value, value));
  const focusIndex = checkedIndex === -1 ? 0 : checkedIndex;
  const locked = Boolean(disabled || readonly);
  const t = useFormText();

  return (
    <div className={inline ? 'flex flex-wrap gap-x-6' : 'flex flex-col gap-1'}>
      {enumOptions.map((option, index) => {
        const inputId = index === focusIndex ? id : optionId(id, index);
        const chosen = locked && index === checkedIndex;
        return (
          <label
            key={String(option.value)}
            htmlFor={inputId}
            className={chosen ? selectedChoiceLabel : locked ? lockedChoiceLabel : choiceLabel}
            data-selected={chosen || undefined}
          >
            <input
              type="radio"
              id={inputId}
              name={htmlName || id}
              className={choiceInput}
              checked={index === checkedIndex}
              value={String(index)}
              disabled={
                disabled || readonly || (Array.isArray(enumDisabled) && enumDisabled.includes(option.value))
              }
              // biome-ignore lint/a11y/noAutofocus: only when the form author asks for it (ui:autofocus)
              autoFocus={autofocus && index === focusIndex}
              aria-describedby={ariaDescribedByIds(id)}
              onChange={() => onChange(enumOptionsValueForIndex(String(index), enumOptions, emptyValue))}
              onBlur={() => onBlur(id, value)}
              onFocus={() => onFocus(id, value)}
            />
            <span>{option.label}</span>
            {chosen && (
              <>
                {/* read out as "Often, Selected", not run together */}
                <span className="sr-only">,</span>{' '}
                <span className="ml-auto text-sm font-semibold">{t('choice.selected')}</span>
              </>
            )}
          </label>
        );
      })}
    </div>
  );
}
