import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { SchemaFormContext } from '../form-context';
import { useFormText } from '../form-text';
import { inputClass } from '../styles';
import { useBufferedText } from '../use-buffered-text';

/** Above this share of maxLength the counter turns red and says so in words. */
export const COUNTER_WARNING_RATIO = 0.9;

const SURROGATE = /[\uD800-\uDBFF]/;

/** Characters as the schema's maxLength counts them (code points), without an array per key. */
function characterCount(text: string): number {
  return SURROGATE.test(text) ? [...text].length : text.length;
}

/**
 * A text area with a 'count / max' counter from the schema's maxLength. Above 90 % the counter turns red
 * and gets a text cue (never colour alone), announced once when crossing the threshold. The text is the
 * field's own while the user types and reaches the form when typing pauses or the field loses focus (ADR 006).
 */
export function CountedTextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, schema, options, disabled, readonly, autofocus, placeholder, required } =
    props;
  const { onChange, onBlur, onFocus, registry } = props;
  const t = useFormText();
  const { text, change, commit } = useBufferedText({
    value: typeof value === 'string' ? value : '',
    onCommit: (next) => onChange(next === '' ? options.emptyValue : next),
    pendingEdits: (registry.formContext as SchemaFormContext | undefined)?.pendingEdits,
  });
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const count = characterCount(text);
  const near = max !== undefined && count > max * COUNTER_WARNING_RATIO;
  const over = max !== undefined && count > max;
  const hasError = !props.hideError && (props.rawErrors?.length ?? 0) > 0;
  const counterId = `${id}__counter`;
  const rows = typeof options.rows === 'number' ? options.rows : 5;
  // a set height and size containment: a key re-lays out the text area's text, not the form around it
  const height = `calc(${rows} * 1.625rem + 1.25rem)`;

  return (
    <div className="max-w-2xl">
      <textarea
        id={id}
        name={htmlName || id}
        rows={rows}
        className={inputClass(hasError, 'resize-y leading-relaxed [contain:size_layout]')}
        style={{ height }}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        readOnly={readonly}
        // biome-ignore lint/a11y/noAutofocus: only when the form author asks for it (ui:autofocus)
        autoFocus={autofocus}
        aria-required={required || undefined}
        aria-invalid={hasError || undefined}
        aria-describedby={`${ariaDescribedByIds(id)}${max !== undefined ? ` ${counterId}` : ''}`}
        onChange={(event) => change(event.target.value)}
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
          {/* a fixed block: a new count is laid out inside it, not through the form below */}
          <span className="block h-6 overflow-hidden tabular-nums [contain:strict]">
            {t.fill('counter.count', { count, max })}
          </span>
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
