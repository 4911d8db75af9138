import { getTemplate, type WidgetProps } from '@rjsf/utils';

/** A themed single-line text input (the registry's BaseInputTemplate). */
export function TextWidget(props: WidgetProps) {
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  return <BaseInputTemplate {...props} />;
}
