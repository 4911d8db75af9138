import { useTranslation } from 'react-i18next';
import type { OccurrenceState } from '../../../shared';

const LOOKS: Record<OccurrenceState, { icon: string; box: string }> = {
  due: { icon: '◷', box: 'border-sky-700 bg-sky-50 text-sky-950' },
  sent: { icon: '✉', box: 'border-slate-500 bg-white text-slate-900' },
  answered: { icon: '✓', box: 'border-green-700 bg-green-50 text-green-950' },
  overdue: { icon: '!', box: 'border-amber-700 bg-amber-50 text-amber-950' },
  cancelled: { icon: '×', box: 'border-slate-400 bg-slate-100 text-slate-700' },
};

/** An occurrence's state as a word with an icon: never colour alone. */
export function OccurrenceStateTag({ state }: { state: OccurrenceState }) {
  const { t } = useTranslation('schedules');
  const look = LOOKS[state];
  return (
    <span
      data-state={state}
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-sm font-semibold ${look.box}`}
    >
      <span aria-hidden="true">{look.icon}</span>
      {t(`occurrenceStates.${state}`)}
    </span>
  );
}
