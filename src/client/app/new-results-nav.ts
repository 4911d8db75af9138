import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../components/layout/nav-items';
import { useNewResults } from '../features/patients/api/links';
import { attentionCounts } from '../features/patients/new-results';
import { NAV_ITEMS } from './nav';

/**
 * The sidebar's entries, Patients carrying the count of results that came in by link and open alerts, or "Needs
 * attention" in red while an urgent alert is open (ADR 166): a review alert is counted, not announced.
 */
export function useNewResultsNav(enabled: boolean): NavItem[] {
  const { t } = useTranslation('account');
  const view = useNewResults(enabled).data;
  const count = view?.count ?? 0;
  const attention = view?.attention.length ?? 0;
  const urgent = view ? attentionCounts(view.attention).urgent : 0;
  return useMemo(() => {
    if (count === 0 && attention === 0) return NAV_ITEMS;
    const label = [
      attention > 0 ? t('nav.attention', { count: attention }) : '',
      count > 0 ? t('nav.newResults', { count }) : '',
    ]
      .filter(Boolean)
      .join(', ');
    const badge =
      urgent > 0
        ? { text: t('nav.attentionBadge'), label, attention: true }
        : { text: String(count + attention), label };
    return NAV_ITEMS.map((item) => (item.key === 'patients' ? { ...item, badge } : item));
  }, [count, attention, urgent, t]);
}
