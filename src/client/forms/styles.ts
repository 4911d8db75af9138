/** Shared Tailwind class lists of the form renderer, so every widget looks the same. */

/** Text-like inputs: 44 px tall, 2 px border, red outline when the field has an error. */
export function inputClass(hasError: boolean, extra = ''): string {
  return [
    'block w-full min-h-11 rounded-md border-2 bg-white px-3 py-2 text-base text-slate-900',
    'placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600',
    hasError ? 'border-red-700' : 'border-slate-600',
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

export const primaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-accent-700 px-5 py-2 text-base font-semibold text-white shadow-sm hover:bg-accent-800 disabled:cursor-not-allowed disabled:opacity-60';

export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border-2 border-slate-400 bg-white px-4 py-2 text-base font-medium text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60';

export const linkButton =
  'inline-flex min-h-11 items-center text-base font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800 disabled:cursor-not-allowed disabled:opacity-60';

/** A checkbox or radio box with a 44 px touch target around it (the label carries the padding). */
export const choiceInput = 'size-6 shrink-0 accent-accent-700 disabled:cursor-not-allowed';

export const choiceLabel =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 py-1 text-base hover:bg-slate-100';

/** A read-only answer not chosen: plain text, dark enough to read (the disabled radio is the grey part). */
export const lockedChoiceLabel =
  'flex min-h-11 items-center gap-3 rounded-md px-2 py-1 text-base text-slate-900';

/** The answer chosen in a submitted response: framed and bold, the words "Selected" beside it. */
export const selectedChoiceLabel =
  'flex min-h-11 items-center gap-3 rounded-md border-2 border-accent-700 bg-accent-50 px-2 py-1 text-base font-semibold text-slate-900';

export const hintClass = 'text-base text-slate-600';
export const errorTextClass = 'font-semibold text-red-700';
