import type { WidgetProps } from '@rjsf/utils';
import { choiceLabel } from '../styles';
import { CheckboxGroup } from './checkbox-group';

// whole class names, so Tailwind finds them in the source
const COLUMNS: Record<number, string> = {
  1: 'sm:grid-cols-1',
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-3',
};

/** Checkboxes laid out in `ui:options.columns` columns (default 2; one on small screens) with 'N selected'. */
export function CheckboxGridWidget(props: WidgetProps) {
  const columns = typeof props.options.columns === 'number' ? props.options.columns : 2;
  return (
    <CheckboxGroup
      widget={props}
      listClass={`grid grid-cols-1 gap-x-6 gap-y-1 ${COLUMNS[columns] ?? COLUMNS[2]}`}
      optionClass={() => choiceLabel}
      countKey="checkboxGrid.selected"
    />
  );
}
