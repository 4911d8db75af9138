import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTurkishNationalId } from '../../../forms/formats';
import type { SchemaFormContext } from '../form-context';
import { useFormText } from '../form-text';
import { errorTextClass, inputClass, linkButton } from '../styles';
import { useBufferedText } from '../use-buffered-text';
import { KvkkConsentDialog } from './kvkk-consent-dialog';

const MAX_DIGITS = 11;

/**
 * The Turkish national ID input: digits only, at most 11, an inline error at 11 digits failing the
 * checksum. The first focus opens the KVKK consent modal; accepting sets the form's `kvkkConsent`
 * (`ui:options.consentField`) and calls `formContext.onKvkkConsent(true)`; digits typed while it is up are kept,
 * and it does not open again once consent is given. The digits reach the form when
 * typing pauses, on blur and on Enter (ADR 006); the inline check follows every key.
 */
export function NationalIdWidget(props: WidgetProps) {
  const { id, htmlName, value, options, disabled, readonly, placeholder, required, registry } = props;
  const { onChange, onBlur, onFocus } = props;
  const t = useFormText();
  const context = registry.formContext as SchemaFormContext;
  const consentField = typeof options.consentField === 'string' ? options.consentField : 'kvkkConsent';
  const rootProperties = (registry.rootSchema.properties ?? {}) as Record<string, unknown>;
  const [accepted, setAccepted] = useState(false);
  const [open, setOpen] = useState(false);
  const asked = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const { i18n } = useTranslation();
  // the consent text is fetched with the field, so the dialog opening on first focus has it at once
  useEffect(() => {
    void i18n.loadNamespaces('kvkk');
  }, [i18n]);

  const {
    text: digits,
    latest,
    change,
    commit,
  } = useBufferedText({
    value: typeof value === 'string' ? value : '',
    onCommit: (next) => onChange(next === '' ? options.emptyValue : next),
    pendingEdits: context.pendingEdits,
  });
  const consented = accepted || context.kvkkConsent === true || context.getRootValue?.(consentField) === true;
  const hasError = !props.hideError && (props.rawErrors?.length ?? 0) > 0;
  const inlineInvalid = !hasError && digits.length === MAX_DIGITS && !isTurkishNationalId(digits);
  const inlineId = `${id}__inline`;

  const close = (granted: boolean) => {
    setOpen(false);
    if (granted) {
      setAccepted(true);
      if (consentField in rootProperties) context.setRootValue?.(consentField, true);
    }
    context.onKvkkConsent?.(granted);
    const field = input.current;
    field?.focus();
    // the caret after what was typed while the dialog was up
    field?.setSelectionRange(field.value.length, field.value.length);
  };

  return (
    <div className="max-w-xs">
      <input
        ref={input}
        id={id}
        name={htmlName || id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={MAX_DIGITS}
        className={inputClass(hasError || inlineInvalid, 'font-mono tracking-wider')}
        value={digits}
        placeholder={placeholder}
        disabled={disabled}
        readOnly={readonly}
        aria-required={required || undefined}
        aria-invalid={hasError || inlineInvalid || undefined}
        aria-describedby={`${ariaDescribedByIds(id)}${inlineInvalid ? ` ${inlineId}` : ''}`}
        onChange={(event) => {
          change(event.target.value.replace(/\D/g, '').slice(0, MAX_DIGITS));
        }}
        onBlur={(event) => {
          commit();
          onBlur(id, event.target.value);
        }}
        onFocus={(event) => {
          onFocus(id, event.target.value);
          if (!consented && !asked.current && !disabled && !readonly) {
            asked.current = true;
            setOpen(true);
          }
        }}
      />
      {inlineInvalid && (
        <p id={inlineId} role="alert" className={`mt-2 ${errorTextClass}`}>
          <span className="sr-only">{t('field.errorPrefix')} </span>
          {t('nationalId.invalid')}
        </p>
      )}
      {consented ? (
        <p className="mt-2 text-green-800">
          <span aria-hidden="true">✓ </span>
          {t('kvkk.given')}
        </p>
      ) : (
        <button
          type="button"
          className={`${linkButton} text-left`}
          disabled={disabled}
          onClick={() => setOpen(true)}
        >
          {t('kvkk.open')}
        </button>
      )}
      {open && (
        <KvkkConsentDialog
          onAccept={() => close(true)}
          onCancel={() => close(false)}
          // someone who started typing as the field took focus loses no digit to the dialog
          onDigit={(digit) => change((latest() + digit).slice(0, MAX_DIGITS))}
        />
      )}
    </div>
  );
}
