import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { NavItem } from './nav-items';
import { Sidebar } from './sidebar';

export interface AppLayoutProps {
  title: string;
  navItems: NavItem[];
  /** Right side of the top bar: language switcher, profile menu. */
  topBarEnd: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}

/**
 * The signed-in frame: a 16rem (w-64) sidebar on wide screens, a slide-in drawer opened by the
 * menu button on small ones (closed by the backdrop, a link or Escape), a top bar and a footer.
 */
export function AppLayout({ title, navItems, topBarEnd, footer, children }: AppLayoutProps) {
  const { t } = useTranslation('account');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  // the drawer's badges (new results) show on the button that opens it, or a phone would never see them
  const badges = navItems.flatMap((item) => (item.badge ? [item.badge] : []));
  const attention = badges.some((badge) => badge.attention);

  // a route change (also by browser history) always closes the drawer
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  // focus goes back to the menu button once the page is no longer inert (unless a link moved it on)
  const wasOpen = useRef(false);
  useEffect(() => {
    const active = document.activeElement;
    if (wasOpen.current && !drawerOpen && (!active || active === document.body))
      menuButtonRef.current?.focus();
    wasOpen.current = drawerOpen;
  }, [drawerOpen]);

  useEffect(() => {
    if (!drawerOpen) return;
    drawerRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white p-3 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('app.skipToContent')}
      </a>
      {/* while the drawer is open the rest of the page is inert: Tab stays in the drawer */}
      <header
        inert={drawerOpen || undefined}
        className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-4"
      >
        <button
          ref={menuButtonRef}
          type="button"
          // shrink-0: a long product name must not squeeze the 44 px touch target
          className="relative flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 lg:hidden"
          aria-expanded={drawerOpen}
          aria-controls="app-drawer"
          onClick={() => setDrawerOpen(true)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor">
            <path strokeWidth="2" strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
          </svg>
          {badges.length > 0 && (
            <span
              aria-hidden="true"
              data-testid="menu-badge"
              className={`absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full border-2 border-white px-1 text-xs font-bold text-white ${
                attention ? 'bg-red-700' : 'bg-accent-700'
              }`}
            >
              {attention ? '!' : badges[0]?.text}
            </span>
          )}
          <span className="sr-only">
            {[t('nav.openMenu'), ...badges.map((badge) => badge.label)].join(', ')}
          </span>
        </button>
        {/* on a phone the name wraps onto two short lines rather than being cut */}
        <Link
          to="/dashboard"
          className="min-w-0 text-base leading-tight font-semibold break-words text-slate-900 no-underline sm:text-lg"
        >
          {title}
        </Link>
        <div className="ml-auto flex items-center gap-1 sm:gap-3">{topBarEnd}</div>
      </header>

      <div inert={drawerOpen || undefined} className="flex flex-1">
        <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
          <Sidebar items={navItems} />
        </aside>

        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:px-6 lg:py-8">
            {children}
          </main>
          <footer className="border-t border-slate-200 px-4 py-4 text-center text-sm text-slate-700">
            {footer}
          </footer>
        </div>
      </div>

      {drawerOpen && (
        <div className="fixed inset-0 z-40 lg:hidden">
          <button
            type="button"
            tabIndex={-1}
            aria-label={t('nav.closeMenu')}
            className="absolute inset-0 h-full w-full bg-slate-900/50"
            onClick={() => setDrawerOpen(false)}
          />
          <div
            ref={drawerRef}
            id="app-drawer"
            className="absolute inset-y-0 left-0 flex w-64 max-w-[85vw] motion-safe:animate-[slide-in_150ms_ease-out] flex-col bg-white shadow-xl"
          >
            <div className="flex h-16 items-center justify-between border-b border-slate-200 px-3">
              <span className="truncate font-semibold">{title}</span>
              <button
                type="button"
                onClick={() => setDrawerOpen(false)}
                className="flex h-11 w-11 items-center justify-center rounded-md text-2xl text-slate-700 hover:bg-slate-100"
              >
                <span aria-hidden="true">×</span>
                <span className="sr-only">{t('nav.closeMenu')}</span>
              </button>
            </div>
            <Sidebar items={navItems} onNavigate={() => setDrawerOpen(false)} />
          </div>
        </div>
      )}
    </div>
  );
}
