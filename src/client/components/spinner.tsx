import { useTranslation } from 'react-i18next';

/** A small rotating ring; decorative, so callers supply the words. */
export function Spinner({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
      <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" />
    </svg>
  );
}

/** Spinner with a live text, for a section that is loading. */
export function LoadingBlock({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex items-center gap-3 py-8 text-slate-700" role="status" aria-live="polite">
      <Spinner className="h-6 w-6 text-accent-600" />
      <span>{label ?? t('status.loading')}</span>
    </div>
  );
}

/** The full-screen 'Loading...' shown while the session is checked. */
export function FullScreenLoader() {
  const { t } = useTranslation('common');
  return (
    <div
      className="flex min-h-screen items-center justify-center bg-slate-50"
      role="status"
      aria-live="polite"
    >
      <div className="flex flex-col items-center gap-4 text-slate-700">
        <Spinner className="h-10 w-10 text-accent-600" />
        <span className="text-lg">{t('status.loading')}</span>
      </div>
    </div>
  );
}
