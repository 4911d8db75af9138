import { useTranslation } from 'react-i18next';
import type { ScheduleCounts } from '../../../shared';

/** A client's due and overdue sendings on Patients, in words with an icon; nothing when none is waiting. */
export function ScheduleCountBadges({ counts, id }: { counts: ScheduleCounts | undefined; id?: string }) {
  const { t } = useTranslation('schedules');
  if (!counts || (counts.due === 0 && counts.overdue === 0)) return null;
  return (
    <span id={id} className="inline-flex flex-wrap gap-2" data-testid="schedule-counts">
      {counts.overdue > 0 && (
        <span className="inline-flex items-center gap-1 rounded-full border border-amber-700 bg-amber-50 px-2.5 py-0.5 text-sm font-semibold text-amber-950">
          <span aria-hidden="true">!</span>
          {t('counts.overdue', { count: counts.overdue })}
        </span>
      )}
      {counts.overdue > 0 && counts.due > 0 && <span className="sr-only">,</span>}{' '}
      {counts.due > 0 && (
        <span className="inline-flex items-center gap-1 rounded-full border border-sky-700 bg-sky-50 px-2.5 py-0.5 text-sm font-semibold text-sky-950">
          <span aria-hidden="true">◷</span>
          {t('counts.due', { count: counts.due })}
        </span>
      )}
    </span>
  );
}
