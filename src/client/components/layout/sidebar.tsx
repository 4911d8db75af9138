import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { AttentionMarker } from '../attention-marker';
import type { NavItem } from './nav-items';

export interface SidebarProps {
  items: NavItem[];
  /** Called after a link is followed (the drawer closes). */
  onNavigate?: () => void;
  id?: string;
}

/** The section links, in the order given; the current one is marked for sight and for screen readers. */
export function Sidebar({ items, onNavigate, id }: SidebarProps) {
  const { t } = useTranslation('account');
  return (
    <nav id={id} aria-label={t('nav.label')} className="flex h-full flex-col">
      <ul className="flex flex-col gap-1 p-3">
        {items.map((item) => (
          <li key={item.key}>
            <NavLink
              to={item.to}
              onClick={onNavigate}
              className={({ isActive }) =>
                `flex min-h-11 flex-wrap items-center gap-x-2 rounded-md px-3 py-2 text-base no-underline ${
                  isActive
                    ? 'bg-accent-100 font-semibold text-accent-800'
                    : 'text-slate-800 hover:bg-slate-100 hover:text-slate-900'
                }`
              }
            >
              {item.label ?? t(`nav.${item.key}`)}
              {item.badge && (
                <>
                  {item.badge.attention ? (
                    <span aria-hidden="true" className="ml-auto" data-testid={`nav-badge-${item.key}`}>
                      <AttentionMarker>{item.badge.text}</AttentionMarker>
                    </span>
                  ) : (
                    <span
                      aria-hidden="true"
                      className="ml-auto rounded-full bg-accent-700 px-2 text-sm font-semibold text-white"
                      data-testid={`nav-badge-${item.key}`}
                    >
                      {item.badge.text}
                    </span>
                  )}
                  <span className="sr-only">{`, ${item.badge.label}`}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
