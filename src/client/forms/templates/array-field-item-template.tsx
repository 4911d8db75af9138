import { type ArrayFieldItemTemplateProps, buttonId, getUiOptions } from '@rjsf/utils';
import { useFormText } from '../form-text';
import { linkButton } from '../styles';
import { noteRemovedRow } from './array-field-template';

/** One repeating row as a card: 'Medication 2' heading (`<field>.itemLabel`), the fields, Remove. */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, index, parentUiSchema, buttonsProps, hasToolbar } = props;
  const t = useFormText();
  const parentOptions = getUiOptions(parentUiSchema);
  const template = typeof parentOptions.itemLabel === 'string' ? parentOptions.itemLabel : undefined;
  const heading = template
    ? template.replaceAll('{{index}}', String(index + 1))
    : t('array.item', { index: index + 1 });
  const { hasRemove, onRemoveItem, disabled, readonly, fieldPathId } = buttonsProps;

  return (
    <section aria-label={heading} className="rounded-md border-2 border-slate-300 bg-white p-4">
      <div className="mb-2 flex items-center justify-between gap-4">
        <h3 className="text-lg font-semibold text-slate-900">{heading}</h3>
        {hasToolbar && hasRemove && (
          <button
            type="button"
            id={buttonId(fieldPathId, 'remove')}
            className={linkButton}
            disabled={disabled || readonly}
            aria-label={t('array.removeItem', { item: heading })}
            onClick={(event) => {
              noteRemovedRow(event.currentTarget, index);
              onRemoveItem(event);
            }}
          >
            {t('array.remove')}
          </button>
        )}
      </div>
      {children}
    </section>
  );
}
