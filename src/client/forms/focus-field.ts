/** The DOM id RJSF gives the field at an error's `property` (`.siblings.0.name` -> `root_siblings_0_name`). */
export function fieldIdFor(property: string | undefined, idPrefix = 'root', idSeparator = '_'): string {
  const segments = (property ?? '').split('.').filter(Boolean);
  return [idPrefix, ...segments].join(idSeparator);
}

const FOCUSABLE = 'input:not([type=hidden]), select, textarea, button, [tabindex]';

/**
 * Moves focus to a field: the element with its id if focusable, else the first focusable element whose id
 * starts with it (the options of a group), scrolled into view with its label.
 */
export function focusField(fieldId: string, root: ParentNode = document): boolean {
  const exact = root.querySelector<HTMLElement>(`[id="${CSS.escape(fieldId)}"]`);
  const target = exact?.matches(FOCUSABLE)
    ? exact
    : (exact?.querySelector<HTMLElement>(FOCUSABLE) ??
      root.querySelector<HTMLElement>(
        [...FOCUSABLE.split(', ')].map((s) => `${s}[id^="${CSS.escape(fieldId)}"]`).join(', '),
      ));
  if (!target) return false;
  target.focus();
  // the label sits above the field: bring it into view too
  (target.closest('fieldset, div') ?? target).scrollIntoView?.({ block: 'center' });
  return true;
}
