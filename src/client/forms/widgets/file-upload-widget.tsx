import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import type { SchemaFormContext } from '../form-context';
import { useFormText } from '../form-text';
import { errorTextClass, linkButton, secondaryButton } from '../styles';
import { formatSize, isAccepted } from './file-rules';

type State =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number; name: string }
  | { status: 'done'; name?: string };

/** Names of the files uploaded on this page, by id: a widget that remounts still says which file it holds. */
const uploadedNames = new Map<string, string>();

function doneOrIdle(value: unknown): State {
  return typeof value === 'string' && value
    ? { status: 'done', name: uploadedNames.get(value) }
    : { status: 'idle' };
}

/**
 * A file picker that uploads as soon as a file is chosen, through `formContext.upload`, and stores only
 * the returned file id. Type (`ui:options.accept`) and size (`ui:options.maxSize`, bytes) are checked
 * first; `ui:options.kind: image` shows a preview. A failed upload keeps the previous value.
 */
export function FileUploadWidget(props: WidgetProps) {
  const {
    id,
    htmlName,
    name,
    value,
    options,
    disabled,
    readonly,
    required,
    registry,
    onChange,
    onBlur,
    onFocus,
  } = props;
  const t = useFormText();
  const context = registry.formContext as SchemaFormContext;
  const accept = typeof options.accept === 'string' ? options.accept : '';
  const maxSize = typeof options.maxSize === 'number' ? options.maxSize : undefined;
  const kind = typeof options.kind === 'string' ? options.kind : 'document';
  const [state, setState] = useState<State>(() => doneOrIdle(value));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [preview, setPreview] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | undefined>(undefined);
  const problemId = `${id}__upload-error`;
  const statusId = `${id}__upload-status`;
  const hasError = (!props.hideError && (props.rawErrors?.length ?? 0) > 0) || problem !== undefined;
  const uploading = state.status === 'uploading';

  // the object URL lives as long as its preview is shown
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (!value && state.status === 'done') setState({ status: 'idle' });
    if (value && state.status === 'idle') setState(doneOrIdle(value));
  }, [value, state.status]);

  const pick = async (file: File) => {
    if (accept && !isAccepted(file, accept)) {
      setProblem(t('fileUpload.invalidType', { accept }));
      return;
    }
    if (maxSize !== undefined && file.size > maxSize) {
      setProblem(t('fileUpload.tooLarge', { max: formatSize(maxSize) }));
      return;
    }
    if (!context.upload) {
      setProblem(t('fileUpload.unavailable'));
      return;
    }
    setProblem(undefined);
    const previous: State = state.status === 'uploading' ? { status: 'idle' } : state;
    setState({ status: 'uploading', percent: 0, name: file.name });
    context.onUploadStateChange?.(name, true);
    abort.current = new AbortController();
    try {
      const stored = await context.upload(file, {
        field: name,
        kind,
        signal: abort.current.signal,
        onProgress: (percent) =>
          setState((s) => (s.status === 'uploading' ? { ...s, percent: Math.round(percent) } : s)),
      });
      const storedName = stored.name || file.name;
      uploadedNames.set(stored.id, storedName);
      setState({ status: 'done', name: storedName });
      if (kind === 'image' && typeof URL.createObjectURL === 'function')
        setPreview(URL.createObjectURL(file));
      onChange(stored.id);
    } catch {
      if (abort.current?.signal.aborted) return;
      setState(previous);
      setProblem(t('fileUpload.failed'));
    } finally {
      context.onUploadStateChange?.(name, false);
      if (input.current) input.current.value = '';
    }
  };

  const remove = () => {
    setPreview(undefined);
    setProblem(undefined);
    setState({ status: 'idle' });
    onChange(options.emptyValue);
    input.current?.focus();
  };

  const describedBy = [ariaDescribedByIds(id), problem ? problemId : '', statusId].filter(Boolean).join(' ');
  const locked = disabled || readonly || uploading;
  return (
    <div
      className={`max-w-xl rounded-md border-2 border-dashed p-4 ${hasError ? 'border-red-700' : 'border-slate-400'}`}
    >
      <input
        ref={input}
        type="file"
        id={id}
        name={htmlName || id}
        accept={accept || undefined}
        className="peer sr-only"
        disabled={locked}
        required={required}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void pick(file);
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={id}
          className={`${secondaryButton} cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus ${
            locked ? 'pointer-events-none opacity-60' : ''
          }`}
        >
          {value ? t('fileUpload.change') : t('fileUpload.choose')}
        </label>
        {value && !uploading && (
          <button type="button" className={linkButton} disabled={disabled || readonly} onClick={remove}>
            {t('fileUpload.remove')}
          </button>
        )}
      </div>
      <div id={statusId} aria-live="polite" className="mt-2">
        {state.status === 'uploading' && (
          <>
            <p>{t('fileUpload.uploading', { percent: state.percent })}</p>
            <progress
              className="mt-1 h-2 w-full accent-accent-700"
              max={100}
              value={state.percent}
              aria-label={state.name}
            />
          </>
        )}
        {state.status === 'done' && value && (
          <p className="text-green-800">
            <span aria-hidden="true">✓ </span>
            {state.name ? t('fileUpload.uploaded', { name: state.name }) : t('fileUpload.uploadedNoName')}
          </p>
        )}
      </div>
      {preview && state.status === 'done' && (
        <img
          src={preview}
          alt={t('fileUpload.preview', { name: state.name ?? '' })}
          className="mt-3 size-32 rounded-md object-cover"
        />
      )}
      {problem && (
        <p id={problemId} role="alert" className={`mt-2 ${errorTextClass}`}>
          <span className="sr-only">{t('field.errorPrefix')} </span>
          {problem}
        </p>
      )}
    </div>
  );
}
