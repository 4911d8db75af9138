import type { ReactNode } from 'react';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

const tones: Record<AlertTone, { box: string; icon: string }> = {
  info: { box: 'border-sky-700 bg-sky-50 text-sky-950', icon: 'i' },
  success: { box: 'border-green-700 bg-green-50 text-green-950', icon: '✓' },
  warning: { box: 'border-amber-600 bg-amber-50 text-amber-950', icon: '!' },
  error: { box: 'border-red-700 bg-red-50 text-red-950', icon: '×' },
};

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons or links placed under the text. */
  actions?: ReactNode;
  /** `alert` interrupts screen readers (errors); `status` waits politely. */
  role?: 'alert' | 'status' | 'none';
  className?: string;
  id?: string;
}

/** A banner with an icon and words, so the tone is never told by colour alone. */
export function Alert({ tone = 'info', title, children, actions, role, className = '', id }: AlertProps) {
  const style = tones[tone];
  const ariaRole = role ?? (tone === 'error' ? 'alert' : 'status');
  return (
    <div
      id={id}
      role={ariaRole === 'none' ? undefined : ariaRole}
      className={`flex gap-3 rounded-md border-l-4 p-4 ${style.box} ${className}`}
    >
      <span
        aria-hidden="true"
        className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border-2 border-current text-sm font-bold"
      >
        {style.icon}
      </span>
      <div className="min-w-0 flex-1 space-y-2 break-words">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
        {actions && <div className="flex flex-wrap gap-3 pt-1">{actions}</div>}
      </div>
    </div>
  );
}
