import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../components/layout/nav-items';
import { useNewResults } from '../features/patients/api/links';
import { NAV_ITEMS } from './nav';

/** The sidebar's entries, Patients carrying the count of results that came in by link and were not looked at. */
export function useNewResultsNav(enabled: boolean): NavItem[] {
  const { t } = useTranslation('account');
  const count = useNewResults(enabled).data?.count ?? 0;
  return useMemo(
    () =>
      count === 0
        ? NAV_ITEMS
        : NAV_ITEMS.map((item) =>
            item.key === 'patients'
              ? { ...item, badge: { text: String(count), label: t('nav.newResults', { count }) } }
              : item,
          ),
    [count, t],
  );
}
