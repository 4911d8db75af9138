import type { FieldProps } from '@rjsf/utils';
import type { ComponentType } from 'react';

/**
 * RJSF's array field and the repeating-row templates, fetched only for the forms whose schema has an array
 * (ADR 139): the form engine loads them beside the form's other pieces, so the form does not wait for them.
 * No React here: the form engine reads this before React has arrived (ADR 101).
 */
let implementation: ComponentType<FieldProps> | undefined;
let pending: Promise<void> | undefined;

export function loadArrayField(): Promise<void> {
  pending ??= import('./array-field').then(
    (module) => {
      implementation = module.ArrayField;
    },
    (error: unknown) => {
      // a failed fetch is tried again by the next form that asks (the error screen's retry)
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** The array field once fetched. */
export function loadedArrayField(): ComponentType<FieldProps> | undefined {
  return implementation;
}
