import RjsfArrayField from '@rjsf/core/lib/components/fields/ArrayField.js';
import type { FieldProps, Registry } from '@rjsf/utils';
import { ArrayFieldItemTemplate } from '../templates/array-field-item-template';
import { ArrayFieldTemplate } from '../templates/array-field-template';

/** The repeating-row templates: the product's, which the client build's RJSF registry leaves out (ADR 009). */
export const arrayTemplates = { ArrayFieldTemplate, ArrayFieldItemTemplate };

/** The form's registry with the array templates added, one per registry, so rows are never remounted. */
const withArrayTemplates = new WeakMap<Registry, Registry>();

function registryWithArrays(registry: Registry): Registry {
  let extended = withArrayTemplates.get(registry);
  if (!extended) {
    extended = {
      ...registry,
      templates: { ...registry.templates, ArrayFieldTemplate, ArrayFieldItemTemplate },
    };
    withArrayTemplates.set(registry, extended);
  }
  return extended;
}

/** RJSF's array field with the product's row templates: fetched only for forms whose schema has an array. */
export function ArrayField(props: FieldProps<unknown[]>) {
  return <RjsfArrayField {...props} registry={registryWithArrays(props.registry)} />;
}
