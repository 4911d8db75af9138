import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../styles';

/** Above this share of maxLength the counter turns red and says so in words. */
export const COUNTER_WARNING_RATIO = 0.9;

/**
 * A text area with a 'count / max' counter from the schema's maxLength. Above 90 % the counter turns red
 * and gets a text cue (never colour alone), announced once when crossing the threshold.
 */
export function CountedTextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, schema, options, disabled, readonly, autofocus, placeholder, required } =
    props;
  const { onChange, onBlur, onFocus } = props;
  const { t } = useTranslation('widgets');
  const text = typeof value === 'string' ? value : '';
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const count = [...text].length;
  const near = max !== undefined && count > max * COUNTER_WARNING_RATIO;
  const over = max !== undefined && count > max;
  const hasError = !props.hideError && (props.rawErrors?.length ?? 0) > 0;
  const counterId = `${id}__counter`;
  const rows = typeof options.rows === 'number' ? options.rows : 5;

  return (
    <div className="max-w-2xl">
      <textarea
        id={id}
        name={htmlName || id}
        rows={rows}
        className={inputClass(hasError, 'resize-y leading-relaxed')}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        readOnly={readonly}
        // biome-ignore lint/a11y/noAutofocus: only when the form author asks for it (ui:autofocus)
        autoFocus={autofocus}
        aria-required={required || undefined}
        aria-invalid={hasError || undefined}
        aria-describedby={`${ariaDescribedByIds(id)}${max !== undefined ? ` ${counterId}` : ''}`}
        onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
      {max !== undefined && (
        <p
          id={counterId}
          data-state={over ? 'over' : near ? 'near' : 'ok'}
          className={`mt-1 text-right text-base ${near ? 'font-semibold text-red-700' : 'text-slate-600'}`}
        >
          <span>{t('counter.count', { count, max })}</span>
          {near && (
            <span role="status">
              {' – '}
              {over ? t('counter.overLimit', { over: count - max }) : t('counter.nearLimit')}
            </span>
          )}
        </p>
      )}
    </div>
  );
}
