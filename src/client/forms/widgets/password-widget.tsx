import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useId, useState } from 'react';
import type { SchemaFormContext } from '../form-context';
import { useFormText } from '../form-text';
import { inputClass, secondaryButton } from '../styles';
import { useBufferedText } from '../use-buffered-text';
import { PASSWORD_REQUIREMENTS, passwordStrength, type StrengthLevel } from './password-strength';

const LEVEL_STYLE: Record<StrengthLevel, { bars: number; bar: string; text: string }> = {
  weak: { bars: 1, bar: 'bg-red-700', text: 'text-red-700' },
  medium: { bars: 2, bar: 'bg-amber-600', text: 'text-amber-800' },
  strong: { bars: 3, bar: 'bg-green-700', text: 'text-green-800' },
  veryStrong: { bars: 4, bar: 'bg-green-800', text: 'text-green-800' },
};

/**
 * A password input with a Show/Hide toggle. With `ui:options.showStrength` it shows the strength level
 * (Weak / Medium / Strong / Very strong) and the five-item checklist as the user types. The text reaches the
 * form when typing pauses, on blur and on Enter (ADR 006); the meter follows every key.
 */
export function PasswordWidget(props: WidgetProps) {
  const { id, htmlName, value, options, disabled, readonly, autofocus, placeholder, required } = props;
  const { onChange, onBlur, onFocus, registry } = props;
  const t = useFormText();
  const [visible, setVisible] = useState(false);
  const meterId = useId();
  const { text, change, commit } = useBufferedText({
    value: typeof value === 'string' ? value : '',
    onCommit: (next) => onChange(next === '' ? options.emptyValue : next),
    pendingEdits: (registry.formContext as SchemaFormContext | undefined)?.pendingEdits,
  });
  const hasError = !props.hideError && (props.rawErrors?.length ?? 0) > 0;
  const showStrength = options.showStrength === true && text.length > 0;
  const strength = passwordStrength(text);
  const style = LEVEL_STYLE[strength.level];
  const autoComplete =
    typeof options.autocomplete === 'string'
      ? options.autocomplete
      : options.showStrength
        ? 'new-password'
        : 'current-password';

  return (
    <div className="max-w-xl">
      <div className="flex gap-2">
        <input
          id={id}
          name={htmlName || id}
          type={visible ? 'text' : 'password'}
          className={inputClass(hasError)}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          readOnly={readonly}
          // biome-ignore lint/a11y/noAutofocus: only when the form author asks for it (ui:autofocus)
          autoFocus={autofocus}
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="none"
          aria-required={required || undefined}
          aria-invalid={hasError || undefined}
          aria-describedby={`${ariaDescribedByIds(id)}${options.showStrength ? ` ${meterId}` : ''}`}
          onChange={(event) => change(event.target.value)}
          onBlur={(event) => {
            commit();
            onBlur(id, event.target.value);
          }}
          onFocus={(event) => onFocus(id, event.target.value)}
        />
        <button
          type="button"
          className={`${secondaryButton} shrink-0`}
          aria-controls={id}
          aria-pressed={visible}
          aria-label={visible ? t('password.hideLabel') : t('password.showLabel')}
          disabled={disabled}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t('password.hide') : t('password.show')}
        </button>
      </div>
      {options.showStrength === true && (
        <div id={meterId} className="mt-3" hidden={!showStrength}>
          {showStrength && (
            <>
              <div className="flex gap-1" aria-hidden="true">
                {[0, 1, 2, 3].map((i) => (
                  <span
                    key={i}
                    className={`h-2 flex-1 rounded-full ${i < style.bars ? style.bar : 'bg-slate-200'}`}
                  />
                ))}
              </div>
              <p className={`mt-1 font-semibold ${style.text}`} aria-live="polite">
                {t('password.strength.label')}: {t(`password.strength.${strength.level}`)}
              </p>
              <p className="mt-2 text-slate-700">{t('password.requirements.title')}</p>
              <ul className="mt-1 space-y-1">
                {PASSWORD_REQUIREMENTS.map((requirement) => {
                  const met = strength.met[requirement];
                  return (
                    <li
                      key={requirement}
                      data-met={met}
                      className={`flex items-center gap-2 ${met ? 'text-green-800' : 'text-slate-700'}`}
                    >
                      <span aria-hidden="true" className="w-5 text-center font-bold">
                        {met ? '✓' : '○'}
                      </span>
                      <span>{t(`password.requirements.${requirement}`)}</span>
                      <span className="sr-only">({met ? t('password.met') : t('password.notMet')})</span>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
