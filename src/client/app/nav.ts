import type { NavItem } from '../components/layout/nav-items';
import { mergeNavItems } from './feature-module';
import { featureModules } from './feature-modules';

/** The spec's sidebar, in order; feature modules may retarget or add entries. */
const BASE_NAV_ITEMS: NavItem[] = [
  { key: 'dashboard', to: '/dashboard' },
  { key: 'patients', to: '/patients' },
  { key: 'appointments', to: '/appointments' },
  { key: 'questionnaires', to: '/questionnaires' },
  { key: 'reports', to: '/reports' },
  { key: 'analytics', to: '/analytics' },
  { key: 'profile', to: '/profile' },
  { key: 'settings', to: '/settings' },
];

export const NAV_ITEMS: NavItem[] = mergeNavItems(
  BASE_NAV_ITEMS,
  featureModules.flatMap((module) => module.nav ?? []),
);
