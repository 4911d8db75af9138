import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { KeyboardEvent } from 'react';
import { useFormText } from '../form-text';
import { clamp, markLabelsOf, scaleRange } from './scale';

/**
 * A labelled 1-10 slider (`ui:options.marks` with their locale labels under the track). Arrow keys move by
 * one step, Home/End jump to the ends; the chosen value is shown beside the label text.
 */
export function SliderWidget(props: WidgetProps) {
  const { id, htmlName, schema, options, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const t = useFormText();
  const { min, max, step } = scaleRange(schema, 1, 10);
  const labels = markLabelsOf(options);
  const marks = Array.isArray(options.marks) ? (options.marks as number[]) : [];
  const current = typeof value === 'number' ? value : undefined;
  const shown = current ?? (typeof schema.default === 'number' ? schema.default : min);
  const valueText = labels[String(shown)]
    ? t('slider.valueTextWithLabel', { value: shown, label: labels[String(shown)] })
    : t('slider.valueText', { value: shown });

  const set = (next: number) => {
    if (!disabled && !readonly) onChange(clamp(next, min, max));
  };
  // handled here rather than natively so every browser moves exactly one step
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const big = Math.max(step, Math.round((max - min) / 5));
    const moves: Record<string, number> = {
      ArrowRight: shown + step,
      ArrowUp: shown + step,
      ArrowLeft: shown - step,
      ArrowDown: shown - step,
      PageUp: shown + big,
      PageDown: shown - big,
      Home: min,
      End: max,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    set(next);
  };
  const percent = (mark: number) => ((mark - min) / (max - min)) * 100;

  return (
    <div className="max-w-xl">
      <div className="flex items-center gap-4">
        <input
          type="range"
          id={id}
          name={htmlName || id}
          min={min}
          max={max}
          step={step}
          value={shown}
          disabled={disabled || readonly}
          aria-valuetext={valueText}
          aria-describedby={ariaDescribedByIds(id)}
          className="h-11 w-full cursor-pointer accent-accent-700 disabled:cursor-not-allowed"
          onKeyDown={onKeyDown}
          onChange={(event) => set(Number(event.target.value))}
          onBlur={() => onBlur(id, current)}
          onFocus={() => onFocus(id, current)}
        />
        <output
          htmlFor={id}
          aria-hidden="true"
          className="min-w-12 rounded-md bg-accent-50 px-2 py-1 text-center text-lg font-semibold text-accent-800"
        >
          {shown}
        </output>
      </div>
      {marks.length > 0 && (
        <div aria-hidden="true" className="relative mr-16 mt-1 h-6 text-sm text-slate-700">
          {marks.map((mark, index) => {
            const edge = index === 0 ? 'left-0' : index === marks.length - 1 ? 'right-0' : '-translate-x-1/2';
            const style =
              index === 0 || index === marks.length - 1 ? undefined : { left: `${percent(mark)}%` };
            return (
              <span key={mark} className={`absolute whitespace-nowrap ${edge}`} style={style}>
                {mark} {labels[String(mark)] ?? ''}
              </span>
            );
          })}
        </div>
      )}
    </div>
  );
}
