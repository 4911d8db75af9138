import type { WidgetProps } from '@rjsf/utils';
import { CheckboxGroup } from './checkbox-group';

/** A multi-select as wrapping chips (real checkboxes inside), e.g. attendees, specializations, work areas. */
export function MultiPickWidget(props: WidgetProps) {
  return (
    <CheckboxGroup
      widget={props}
      listClass="flex flex-wrap gap-2"
      optionClass={(checked) =>
        `flex min-h-11 cursor-pointer items-center gap-2 rounded-full border-2 px-4 py-1 text-base ${
          checked
            ? 'border-accent-700 bg-accent-50 text-accent-800'
            : 'border-slate-400 bg-white hover:bg-slate-100'
        }`
      }
      countKey="multiPick.selected"
    />
  );
}
