import { LazyArrayField } from './lazy-array-field';

/**
 * The fields the product registers over RJSF's: its array field, fetched for the forms that have an array
 * (ADR 139). A module-level object, so fields are never remounted.
 */
export const fields = { ArrayField: LazyArrayField };
