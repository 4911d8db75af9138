import { type ArrayFieldTemplateProps, buttonId, getUiOptions } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import { useFormText } from '../form-text';
import { hintClass, secondaryButton } from '../styles';

/**
 * Repeating rows (medications, siblings): a titled fieldset, one card per row with its Remove button,
 * and an 'Add' button (`<field>.addLabel`). Adding a row moves focus into it.
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items, canAdd, onAddClick, disabled, readonly, uiSchema, title, schema, fieldPathId } = props;
  const t = useFormText();
  const options = getUiOptions(uiSchema);
  const list = useRef<HTMLDivElement>(null);
  const count = useRef(items.length);

  useEffect(() => {
    const added = items.length > count.current;
    count.current = items.length;
    if (!added) return;
    const rows = list.current?.children;
    const last = rows?.[rows.length - 1];
    last?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [items.length]);

  const legend = options.title || title;
  const description = options.description || schema.description;
  return (
    <fieldset id={fieldPathId.$id} tabIndex={-1} className="mb-6">
      {legend && <legend className="text-base font-semibold text-slate-900">{legend}</legend>}
      {description && <p className={`${hintClass} mt-1 max-w-[70ch]`}>{description}</p>}
      <div ref={list} className="mt-3 space-y-4">
        {items}
      </div>
      {items.length === 0 && <p className="mt-2 text-slate-600">{t('array.empty')}</p>}
      {canAdd && (
        <button
          type="button"
          id={buttonId(fieldPathId, 'add')}
          className={`${secondaryButton} mt-4`}
          disabled={disabled || readonly}
          onClick={onAddClick}
        >
          <span aria-hidden="true">+</span>
          {typeof options.addLabel === 'string' ? options.addLabel : t('array.add')}
        </button>
      )}
    </fieldset>
  );
}
