import type { ReactNode } from 'react';

export const inputClass =
  'min-h-11 w-full max-w-md rounded-md border border-slate-500 bg-white px-3 py-2 text-base aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700';
export const shortInputClass =
  'min-h-11 w-24 rounded-md border border-slate-500 bg-white px-3 py-2 text-base aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700';

/** The ids a field's input wires: its own, and the hint and error it is described by. */
export function describedBy(id: string, hint: boolean, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** Label above, hint under it, then the error in words, then the input (GOV.UK's order). */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'border-l-4 border-red-700 pl-3' : undefined}>
      <label htmlFor={id} className="mb-1 block font-semibold text-slate-900">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mb-1 text-sm text-slate-700">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
      {children}
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mb-1 font-semibold text-red-700">
      <span aria-hidden="true">× </span>
      {error}
    </p>
  );
}
