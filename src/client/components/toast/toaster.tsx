import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { type Toast, useToastStore } from './toast-store';

const styles: Record<Toast['type'], { box: string; icon: string }> = {
  success: { box: 'border-green-700', icon: '✓' },
  error: { box: 'border-red-700', icon: '×' },
  warning: { box: 'border-amber-600', icon: '!' },
  info: { box: 'border-sky-700', icon: 'i' },
};

const iconColour: Record<Toast['type'], string> = {
  success: 'text-green-800',
  error: 'text-red-800',
  warning: 'text-amber-800',
  info: 'text-sky-800',
};

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation('account');
  const dismiss = useToastStore((s) => s.dismiss);
  useEffect(() => {
    if (toast.duration <= 0) return;
    const timer = window.setTimeout(() => dismiss(toast.id), toast.duration);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.duration, dismiss]);

  return (
    <li
      className={`pointer-events-auto flex w-full gap-3 rounded-md border-l-4 bg-white p-4 shadow-lg ring-1 ring-slate-200 ${styles[toast.type].box}`}
      data-toast-type={toast.type}
    >
      <span
        aria-hidden="true"
        className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border-2 border-current text-sm font-bold ${iconColour[toast.type]}`}
      >
        {styles[toast.type].icon}
      </span>
      <div className="min-w-0 flex-1 break-words">
        <p className="font-semibold text-slate-900">{toast.title}</p>
        {toast.message && <p className="mt-1 text-slate-700">{toast.message}</p>}
        {toast.action && (
          <button
            type="button"
            className="mt-2 min-h-11 font-semibold text-accent-700 underline underline-offset-2 sm:min-h-0"
            onClick={() => {
              toast.action?.onClick();
              dismiss(toast.id);
            }}
          >
            {toast.action.label}
          </button>
        )}
      </div>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        className="-m-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-xl text-slate-600 hover:bg-slate-100"
        aria-label={t('app.dismiss')}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/**
 * The toast at the bottom (full width on phones, bottom right on wide screens), never over the page's heading, and
 * above a sticky action bar that says how tall it is (`--bottom-bar-height`); announced politely, errors assertively.
 */
export function Toaster() {
  const { t } = useTranslation('account');
  const toasts = useToastStore((s) => s.toasts);
  const errors = toasts.filter((item) => item.type === 'error');
  const others = toasts.filter((item) => item.type !== 'error');
  // on <body>, outside #root: a modal makes #root inert, and toasts must stay readable and dismissable
  return createPortal(
    <section
      aria-label={t('app.notifications')}
      // at the bottom: the top bar and the page heading stay readable and reachable
      className="pointer-events-none fixed inset-x-0 bottom-[var(--bottom-bar-height,0px)] z-[60] flex flex-col items-end gap-3 p-4 sm:left-auto sm:w-96"
    >
      <div role="alert" className="w-full">
        {errors.length > 0 && (
          <ul className="flex w-full flex-col gap-3">
            {errors.map((item) => (
              <ToastItem key={item.id} toast={item} />
            ))}
          </ul>
        )}
      </div>
      <div role="status" aria-live="polite" className="w-full">
        {others.length > 0 && (
          <ul className="flex w-full flex-col gap-3">
            {others.map((item) => (
              <ToastItem key={item.id} toast={item} />
            ))}
          </ul>
        )}
      </div>
    </section>,
    document.body,
  );
}
