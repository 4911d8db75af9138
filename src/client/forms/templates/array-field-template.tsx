import { type ArrayFieldTemplateProps, buttonId, getUiOptions } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import { useFormText } from '../form-text';
import { hintClass, secondaryButton } from '../styles';

const ROW_FIELD = 'input, select, textarea';

/** Marks which row is being removed, so the list can move focus to the row after it (or to 'Add'). */
export function noteRemovedRow(button: HTMLElement, index: number): void {
  const list = button.closest<HTMLElement>('[data-array-rows]');
  if (list) list.dataset.removedIndex = String(index);
}

/**
 * Repeating rows (medications, siblings): a titled fieldset, one card per row with its Remove button,
 * and an 'Add' button (`<field>.addLabel`). Adding a row moves focus into it; removing one moves focus to
 * the next row, or to 'Add' when it was the last.
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items, canAdd, onAddClick, disabled, readonly, uiSchema, title, schema, fieldPathId } = props;
  const t = useFormText();
  const options = getUiOptions(uiSchema);
  const list = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const count = useRef(items.length);

  useEffect(() => {
    const before = count.current;
    count.current = items.length;
    const rows = list.current?.children;
    if (items.length > before) {
      const last = rows?.[rows.length - 1];
      last?.querySelector<HTMLElement>(ROW_FIELD)?.focus();
      return;
    }
    if (items.length < before && list.current) {
      // focus must not fall to <body> with the removed row: the row that took its place, else 'Add'
      const removed = Number(list.current.dataset.removedIndex);
      delete list.current.dataset.removedIndex;
      if (Number.isNaN(removed)) return;
      const next = rows?.[removed]?.querySelector<HTMLElement>(ROW_FIELD);
      (next ?? addButton.current ?? list.current.closest<HTMLElement>('fieldset'))?.focus();
    }
  }, [items.length]);

  const legend = options.title || title;
  const description = options.description || schema.description;
  return (
    <fieldset id={fieldPathId.$id} tabIndex={-1} className="mb-6">
      {legend && <legend className="text-base font-semibold text-slate-900">{legend}</legend>}
      {description && <p className={`${hintClass} mt-1 max-w-[70ch]`}>{description}</p>}
      <div ref={list} data-array-rows="" className="mt-3 space-y-4">
        {items}
      </div>
      {items.length === 0 && <p className="mt-2 text-slate-600">{t('array.empty')}</p>}
      {canAdd && (
        <button
          ref={addButton}
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
