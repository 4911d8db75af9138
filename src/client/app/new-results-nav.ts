import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../components/layout/nav-items';
import { useNewResults } from '../features/patients/api/links';
import { NAV_ITEMS } from './nav';

/**
 * The sidebar's entries, Patients carrying the count of results that came in by link and were not looked at, or
 * "Needs attention" while a flagged response waits to be opened (ADR 108).
 */
export function useNewResultsNav(enabled: boolean): NavItem[] {
  const { t } = useTranslation('account');
  const view = useNewResults(enabled).data;
  const count = view?.count ?? 0;
  const attention = view?.attention.length ?? 0;
  return useMemo(() => {
    if (count === 0 && attention === 0) return NAV_ITEMS;
    const label = [
      attention > 0 ? t('nav.attention', { count: attention }) : '',
      count > 0 ? t('nav.newResults', { count }) : '',
    ]
      .filter(Boolean)
      .join(', ');
    const badge =
      attention > 0
        ? { text: t('nav.attentionBadge'), label, attention: true }
        : { text: String(count), label };
    return NAV_ITEMS.map((item) => (item.key === 'patients' ? { ...item, badge } : item));
  }, [count, attention, t]);
}
