import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../button';

export interface ProfileMenuProps {
  name: string;
  email: string;
  /** The status card (label and message). */
  status: ReactNode;
  /** Where 'Complete Registration' leads; omitted when registration is complete. */
  completeRegistrationTo?: string;
  professionalTitle?: string | null;
  university?: string | null;
  onLogout: () => void;
  loggingOut?: boolean;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toLocaleUpperCase())
    .join('');
}

/** The top bar's account menu: a disclosure button and a panel that closes on Escape or an outside click. */
export function ProfileMenu(props: ProfileMenuProps) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={wrapperRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 items-center gap-2 rounded-full py-1 pr-3 pl-1 text-slate-800 hover:bg-slate-100"
      >
        <span
          aria-hidden="true"
          className="flex h-9 w-9 items-center justify-center rounded-full bg-accent-700 font-semibold text-white"
        >
          {initials(props.name)}
        </span>
        <span className="sr-only">{t('profileMenu.open', { name: props.name })}</span>
        <span aria-hidden="true" className="hidden max-w-40 truncate font-medium md:inline">
          {props.name}
        </span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-lg bg-white p-4 shadow-xl ring-1 ring-slate-200"
      >
        <p className="font-semibold break-words text-slate-900">{props.name}</p>
        <p className="break-words text-slate-700">{props.email}</p>
        <div className="mt-3">{props.status}</div>
        {props.completeRegistrationTo && (
          <Link
            to={props.completeRegistrationTo}
            onClick={() => setOpen(false)}
            className={buttonClasses('primary', 'mt-3 w-full')}
          >
            {t('profileMenu.completeRegistration')}
          </Link>
        )}
        {props.professionalTitle && (
          <section className="mt-4 border-t border-slate-200 pt-3" aria-labelledby={`${panelId}-pro`}>
            <h2
              id={`${panelId}-pro`}
              className="text-sm font-semibold tracking-wide text-slate-700 uppercase"
            >
              {t('profileMenu.professionalInformation')}
            </h2>
            <dl className="mt-2 space-y-1">
              <div>
                <dt className="sr-only">{t('profileMenu.professionalTitle')}</dt>
                <dd className="text-slate-900">{props.professionalTitle}</dd>
              </div>
              {props.university && (
                <div>
                  <dt className="sr-only">{t('profileMenu.university')}</dt>
                  <dd className="text-slate-700">{props.university}</dd>
                </div>
              )}
            </dl>
          </section>
        )}
        <div className="mt-4 border-t border-slate-200 pt-3">
          <Button variant="secondary" className="w-full" onClick={props.onLogout} loading={props.loggingOut}>
            {t('profileMenu.logout')}
          </Button>
        </div>
      </div>
    </div>
  );
}
