import { ariaDescribedByIds, optionId, type WidgetProps } from '@rjsf/utils';
import { type KeyboardEvent, useRef } from 'react';
import { useFormText } from '../form-text';
import { clamp, markLabelsOf, scaleRange } from './scale';

/**
 * A 1-5 rating as a row of buttons that behave as one radio group (native radios: Tab enters the group,
 * arrow keys move and select). End labels such as Low Impact / High Impact come from the field's marks.
 */
export function RatingScaleWidget(props: WidgetProps) {
  const { id, htmlName, schema, options, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const t = useFormText();
  const { min, max, step } = scaleRange(schema, 1, 5);
  const labels = markLabelsOf(options);
  const values: number[] = [];
  for (let v = min; v <= max; v += step) values.push(v);
  const current = typeof value === 'number' ? value : undefined;
  const focusValue = current !== undefined && values.includes(current) ? current : values[0];
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const locked = disabled || readonly;

  const select = (next: number) => {
    if (locked) return;
    onChange(next);
    inputs.current.get(next)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, v: number) => {
    const moves: Record<string, number> = {
      ArrowRight: v + step,
      ArrowDown: v + step,
      ArrowLeft: v - step,
      ArrowUp: v - step,
      Home: min,
      End: max,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(clamp(next, min, max));
  };

  const first = labels[String(min)];
  const last = labels[String(max)];
  return (
    <div className="max-w-xl">
      <div className="flex gap-2">
        {values.map((v, index) => {
          const inputId = v === focusValue ? id : optionId(id, index);
          const text = labels[String(v)];
          const checked = v === current;
          return (
            <label
              key={v}
              htmlFor={inputId}
              className={`flex min-h-11 min-w-11 flex-1 cursor-pointer items-center justify-center rounded-md border-2 text-lg font-semibold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus ${
                checked
                  ? 'border-accent-700 bg-accent-700 text-white'
                  : 'border-slate-400 bg-white text-slate-900 hover:bg-slate-100'
              } ${locked ? `cursor-not-allowed ${checked ? '' : 'opacity-60'}` : ''}`}
            >
              <input
                type="radio"
                id={inputId}
                ref={(el) => {
                  if (el) inputs.current.set(v, el);
                  else inputs.current.delete(v);
                }}
                name={htmlName || id}
                value={v}
                checked={checked}
                disabled={locked}
                className="sr-only"
                aria-label={
                  text
                    ? t('ratingScale.optionLabelWithText', { value: v, max, label: text })
                    : t('ratingScale.optionLabel', { value: v, max })
                }
                aria-describedby={ariaDescribedByIds(id)}
                onKeyDown={(event) => onKeyDown(event, v)}
                onChange={() => select(v)}
                onBlur={() => onBlur(id, current)}
                onFocus={() => onFocus(id, current)}
              />
              <span aria-hidden="true">{v}</span>
            </label>
          );
        })}
      </div>
      {(first || last) && (
        <div aria-hidden="true" className="mt-1 flex justify-between gap-4 text-sm text-slate-700">
          <span>{first}</span>
          <span className="text-right">{last}</span>
        </div>
      )}
    </div>
  );
}
