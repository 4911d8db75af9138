import type { WidgetProps } from '@rjsf/utils';

/** The numeric range of a slider or rating field: schema minimum/maximum, else the given defaults. */
export function scaleRange(schema: WidgetProps['schema'], min: number, max: number) {
  const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : 1;
  return {
    min: typeof schema.minimum === 'number' ? schema.minimum : min,
    max: typeof schema.maximum === 'number' ? schema.maximum : max,
    step,
  };
}

/** Mark labels the engine filled in from `<field>.marks.<value>` (ui:options.markLabels). */
export function markLabelsOf(options: WidgetProps['options']): Record<string, string> {
  const labels = options.markLabels;
  return typeof labels === 'object' && labels !== null ? (labels as Record<string, string>) : {};
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
