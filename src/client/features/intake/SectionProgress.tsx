import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ManifestPart } from '../../../forms';
import { sectionPath, useFormText } from './intake-parts';

export interface SectionProgressProps {
  parts: ManifestPart[];
  current: number;
  /** The record's id; without one only the current section is shown as reachable. */
  id: string | undefined;
  /** Keys of the sections that hold data. */
  filled: ReadonlySet<string>;
}

/** The four sections in order: numbered, the current one marked, the others links once a record exists. */
export function SectionProgress({ parts, current, id, filled }: SectionProgressProps) {
  const { t } = useTranslation('intake');
  const formText = useFormText();
  return (
    <nav aria-label={t('page.sections')} className="mb-6 print:hidden">
      <ol className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 lg:grid-cols-4">
        {parts.map((part, index) => {
          const isCurrent = index === current;
          const done = filled.has(part.key);
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
                className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                  done ? 'bg-green-700 text-white' : 'border-2 border-slate-500 text-slate-700'
                }`}
              >
                {done ? '✓' : index + 1}
              </span>
              <span className="min-w-0 break-words">
                {label}
                {done && <span className="sr-only"> ({t('page.completed')})</span>}
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
