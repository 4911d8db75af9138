import type { FieldProps } from '@rjsf/utils';
import { type ComponentType, use } from 'react';
import { loadArrayField, loadedArrayField } from './array-field-loader';

/** Registered as RJSF's `ArrayField` (ADR 139); suspends only if drawn before `loadArrayField` settled. */
export function LazyArrayField(props: FieldProps) {
  if (!loadedArrayField()) use(loadArrayField());
  const Loaded = loadedArrayField() as ComponentType<FieldProps>;
  return <Loaded {...props} />;
}
