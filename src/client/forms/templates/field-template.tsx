import {
  descriptionId,
  errorId,
  type FieldTemplateProps,
  getTemplate,
  getUiOptions,
  helpId,
} from '@rjsf/utils';
import type { SchemaFormContext } from '../form-context';
import { useFormText } from '../form-text';
import { errorTextClass, hintClass } from '../styles';

/** Widgets made of several inputs: their label is a legend over a fieldset (GOV.UK pattern). */
const GROUP_WIDGETS = new Set([
  'radio',
  'ratingScale',
  'checkboxGrid',
  'multiPick',
  'checkboxes',
  'pastDate',
]);

/**
 * Every field: label above, hint under the label, the error message between hint and field, the field
 * outlined with a red bar when in error (GOV.UK form group).
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors, rawDescription, rawHelp, hidden, required, displayLabel, schema } =
    props;
  const { registry, uiSchema, hideError, classNames } = props;
  const t = useFormText();
  if (hidden) return <div className="hidden">{children}</div>;

  const uiOptions = getUiOptions(uiSchema);
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions);
  const widget = typeof uiOptions.widget === 'string' ? uiOptions.widget : undefined;
  const isContainer = schema.type === 'object' || (schema.type === 'array' && !widget && !displayLabel);
  const isCheckbox = schema.type === 'boolean' && (!widget || widget === 'checkbox');
  const errors = hideError ? [] : [...new Set(rawErrors ?? [])];
  const hasError = errors.length > 0;
  const showLabel = displayLabel && !isContainer && !isCheckbox && label;
  const asGroup = widget !== undefined && GROUP_WIDGETS.has(widget);

  const labelText = (
    <>
      {label}
      {!required && !isCheckbox && uiOptions.hideOptional !== true && (
        <span className="font-normal text-slate-600"> {t('field.optional')}</span>
      )}
    </>
  );
  const hint = (
    <>
      {!isContainer && rawDescription && (
        <div id={descriptionId(id)} className={`${hintClass} mt-1 max-w-[70ch]`}>
          {rawDescription}
        </div>
      )}
      {rawHelp && (
        <div id={helpId(id)} className={`${hintClass} mt-1 max-w-[70ch]`}>
          {rawHelp}
        </div>
      )}
    </>
  );
  const error = hasError && (
    <div id={errorId(id)} className={`${errorTextClass} mt-1`}>
      {errors.map((message) => (
        <p key={message}>
          <span className="sr-only">{t('field.errorPrefix')} </span>
          {message}
        </p>
      ))}
    </div>
  );
  // a top-level field's live note (formContext.fieldNotes), right under it where the eye is
  const { idPrefix, idSeparator } = registry.globalFormOptions;
  const name = id.startsWith(`${idPrefix}${idSeparator}`)
    ? id.slice(idPrefix.length + idSeparator.length)
    : '';
  const note = name ? (registry.formContext as SchemaFormContext | undefined)?.fieldNotes?.[name] : undefined;
  const body = (
    <div className="mt-2">
      {children}
      {note}
    </div>
  );
  const groupClass = `mb-6 ${classNames ?? ''} ${
    hasError && !isContainer ? 'border-l-4 border-red-700 pl-4' : ''
  }`.trim();

  return (
    <WrapIfAdditionalTemplate {...props}>
      {asGroup && showLabel ? (
        <fieldset className={groupClass}>
          <legend className="text-base font-semibold text-slate-900">{labelText}</legend>
          {hint}
          {error}
          {body}
        </fieldset>
      ) : (
        <div className={groupClass}>
          {showLabel && (
            <label htmlFor={id} className="block text-base font-semibold text-slate-900">
              {labelText}
            </label>
          )}
          {hint}
          {error}
          {isContainer ? children : body}
        </div>
      )}
    </WrapIfAdditionalTemplate>
  );
}
