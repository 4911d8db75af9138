import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useLayoutEffect, useRef, useState } from 'react';
import { characterCount } from '../../../forms/text-length';
import type { SchemaFormContext } from '../form-context';
import { useFormText } from '../form-text';
import { inputClass } from '../styles';
import { useBufferedText } from '../use-buffered-text';

/** Above this share of maxLength the counter turns red and says so in words. */
export const COUNTER_WARNING_RATIO = 0.9;

/** Puts the count into its box: the text node's value when there is one (no new node, no style recalc). */
function writeCount(box: HTMLElement | null, text: string): void {
  const node = box?.firstChild;
  if (node?.nodeType === Node.TEXT_NODE) {
    if (node.nodeValue !== text) node.nodeValue = text;
  } else if (box) box.textContent = text;
}

/**
 * A text area with a 'count / max' counter from the schema's maxLength. Above 90 % the counter turns red
 * and gets a text cue (never colour alone), announced once when crossing the threshold. The text is the
 * field's own while the user types and reaches the form when typing pauses or the field loses focus (ADR 006).
 * The text area is uncontrolled and a key writes the count into the counter itself, so typing below 90 %
 * renders nothing: a render starts at the app's root and walks its ~80 ancestors (ADR 006, amendment).
 */
export function CountedTextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, schema, options, disabled, readonly, autofocus, placeholder, required } =
    props;
  const { onChange, onBlur, onFocus, registry } = props;
  const t = useFormText();
  const { text, change, commit, latest } = useBufferedText({
    value: typeof value === 'string' ? value : '',
    onCommit: (next) => onChange(next === '' ? options.emptyValue : next),
    pendingEdits: (registry.formContext as SchemaFormContext | undefined)?.pendingEdits,
    renderKeys: false,
  });
  const area = useRef<HTMLTextAreaElement>(null);
  const countBox = useRef<HTMLSpanElement>(null);
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const count = characterCount(latest());
  const isNear = (n: number) => max !== undefined && n > max * COUNTER_WARNING_RATIO;
  /** The count while near the limit: only there does a key re-render (colour, words, the over-count). */
  const [, setNearCount] = useState<number | null>(null);
  const near = isNear(count);
  const over = max !== undefined && count > max;
  const nearShown = useRef(near);
  nearShown.current = near;
  const hasError = !props.hideError && (props.rawErrors?.length ?? 0) > 0;
  const counterId = `${id}__counter`;
  const rows = typeof options.rows === 'number' ? options.rows : 5;
  // a set height and size containment: a key re-lays out the text area's text, not the form around it
  const height = `calc(${rows} * 1.625rem + 1.25rem)`;

  // text from outside (server data, a reload, a reset) goes into the DOM; typed text is already there
  useLayoutEffect(() => {
    if (area.current && area.current.value !== text) area.current.value = text;
  }, [text]);
  // the count after any render (a new value, another language); a key writes it in the change handler below
  useLayoutEffect(() => {
    if (max !== undefined)
      writeCount(countBox.current, t.fill('counter.count', { count: characterCount(latest()), max }));
  });

  return (
    <div className="max-w-2xl">
      <textarea
        ref={area}
        id={id}
        name={htmlName || id}
        rows={rows}
        className={inputClass(hasError, 'resize-y leading-relaxed [contain:size_layout]')}
        style={{ height }}
        defaultValue={text}
        placeholder={placeholder}
        disabled={disabled}
        readOnly={readonly}
        // biome-ignore lint/a11y/noAutofocus: only when the form author asks for it (ui:autofocus)
        autoFocus={autofocus}
        aria-required={required || undefined}
        aria-invalid={hasError || undefined}
        aria-describedby={`${ariaDescribedByIds(id)}${max !== undefined ? ` ${counterId}` : ''}`}
        onChange={(event) => {
          const next = event.target.value;
          change(next);
          if (max === undefined) return;
          const nextCount = characterCount(next);
          writeCount(countBox.current, t.fill('counter.count', { count: nextCount, max }));
          // into, inside and out of the warning range: re-render for its colour and words
          if (isNear(nextCount) || nearShown.current) setNearCount(isNear(nextCount) ? nextCount : null);
        }}
        onBlur={(event) => {
          commit();
          onBlur(id, event.target.value);
        }}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
      {max !== undefined && (
        <p
          id={counterId}
          data-state={over ? 'over' : near ? 'near' : 'ok'}
          className={`mt-1 text-right text-base leading-6 ${near ? 'font-semibold text-red-700' : 'text-slate-600'}`}
        >
          {/* a fixed block: a new count is laid out inside it, not through the form below; filled by the
              effect and the key handler, never by React's reconciliation */}
          <span ref={countBox} className="block h-6 overflow-hidden tabular-nums [contain:strict]" />
          {near && (
            <span role="status" className="block">
              <span className="sr-only">– </span>
              {over ? t('counter.overLimit', { over: count - max }) : t('counter.nearLimit')}
            </span>
          )}
        </p>
      )}
    </div>
  );
}
