import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ManifestPart } from '../../../forms';
import type { SectionState } from '../../../shared';
import { sectionPath, useFormText } from './intake-parts';
import { stateOf } from './section-state';

export interface SectionProgressProps {
  parts: ManifestPart[];
  current: number;
  /** The record's id; without one only the current section is shown as reachable. */
  id: string | undefined;
  /** The server's section states (ADR 060); undefined for a new record. */
  states: Readonly<Record<string, SectionState>> | undefined;
}

const MARKS: Record<SectionState, { icon?: string; circle: string }> = {
  complete: { icon: '✓', circle: 'bg-green-700 text-white' },
  in_progress: { circle: 'border-2 border-amber-700 bg-amber-50 text-amber-900' },
  empty: { circle: 'border-2 border-slate-500 text-slate-700' },
};

/**
 * The four sections in order: numbered, the current one marked, the others links once a record exists; each
 * says whether it is complete, in progress or not started, by the same rule as the list.
 */
export function SectionProgress({ parts, current, id, states }: SectionProgressProps) {
  const { t } = useTranslation('intake');
  const formText = useFormText();
  return (
    <nav aria-label={t('page.sections')} className="mb-6 print:hidden">
      <ol className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 lg:grid-cols-4">
        {parts.map((part, index) => {
          const isCurrent = index === current;
          const state = stateOf(states, part.key);
          const mark = MARKS[state];
          const label = formText(part.form, 'shortTitle');
          const box = `flex min-h-11 items-center gap-3 rounded-md border-2 px-3 py-2 ${
            isCurrent
              ? 'border-accent-700 bg-accent-50 font-semibold text-accent-800'
              : 'border-slate-300 bg-white'
          }`;
          const content = (
            <>
              <span
                aria-hidden="true"
                data-state={state}
                className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${mark.circle}`}
              >
                {mark.icon ?? index + 1}
              </span>
              <span className="min-w-0 break-words">
                {label}
                {state === 'complete' && <span className="sr-only"> ({t('sectionStates.complete')})</span>}
                {state === 'in_progress' && (
                  <span className="block text-sm font-normal text-amber-900">
                    {t('sectionStates.in_progress')}
                  </span>
                )}
              </span>
            </>
          );
          return (
            <li key={part.key}>
              {isCurrent || !id ? (
                <span className={box} aria-current={isCurrent ? 'step' : undefined}>
                  {content}
                </span>
              ) : (
                <Link
                  to={sectionPath(id, part)}
                  className={`${box} text-slate-900 no-underline hover:bg-slate-100`}
                >
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
