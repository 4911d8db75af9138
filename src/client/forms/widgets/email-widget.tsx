import { getTemplate, type WidgetProps } from '@rjsf/utils';

/** A themed e-mail input: e-mail keyboard on phones, browser autofill. */
export function EmailWidget(props: WidgetProps) {
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  const options: WidgetProps['options'] = { autocomplete: 'email', ...props.options };
  return <BaseInputTemplate {...props} options={options} type="email" />;
}
