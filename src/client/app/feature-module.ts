import type { RouteObject } from 'react-router-dom';
import type { NavItem } from '../components/layout/nav-items';

/**
 * What a feature folder can add to the app without editing it: export `module` from
 * `src/client/features/<name>/module.tsx` (discovered at build time, see ADR 020).
 */
export interface FeatureModule {
  /** Routes inside the signed-in layout, behind the full guard (signed in, verified, approved if required). */
  accountRoutes?: RouteObject[];
  /**
   * The account routes show client data: with credential review on, an account not approved yet sees why in
   * their place (ClientDataGate, ADR 105).
   */
  clientData?: boolean;
  /** Routes outside the layout with no guard. */
  publicRoutes?: RouteObject[];
  /**
   * Sidebar entries. An entry whose `key` matches a built-in one (`patients`) replaces its target
   * (and label, if given); a new key is appended, placed before `before` when that key exists.
   */
  nav?: Array<NavItem & { before?: string }>;
}

export function mergeNavItems(base: NavItem[], additions: Array<NavItem & { before?: string }>): NavItem[] {
  const items = base.map((item) => ({ ...item }));
  for (const { before, ...entry } of additions) {
    const existing = items.findIndex((item) => item.key === entry.key);
    if (existing >= 0) {
      items[existing] = { ...items[existing], ...entry } as NavItem;
      continue;
    }
    const at = before ? items.findIndex((item) => item.key === before) : -1;
    if (at >= 0) items.splice(at, 0, entry);
    else items.push(entry);
  }
  return items;
}
