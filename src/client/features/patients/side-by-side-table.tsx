import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format-date';
import type { ScorePoint } from './api/types';
import type { Informant, SideBySideRow } from './informants';
import type { Say } from './said-once';

/**
 * One scale's scores with the informants side by side (ADR 132): a row per day, a column per informant. On a phone
 * the table scrolls sideways inside its box with the date column held in place, so each row still reads as one.
 */
export function SideBySideTable({
  caption,
  informants,
  rows,
  cell,
  t,
  lang,
}: {
  caption: string;
  informants: Informant[];
  rows: SideBySideRow<ScorePoint>[];
  /** What one informant's response says in its cell. */
  cell: (point: ScorePoint) => ReactNode;
  /** The page's words (questionnaires namespace), looked up once for all its scales' tables (ADR 152). */
  t: Say;
  lang: string;
}) {
  const sticky = 'sticky left-0 z-10 bg-slate-50 print:static print:bg-white';
  return (
    <section
      className="mt-3 overflow-x-auto print:mt-1 print:overflow-visible"
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the box scrolls sideways on a phone, so the keyboard must reach it (axe scrollable-region-focusable)
      tabIndex={0}
      data-side-by-side
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-400">
            <th scope="col" className={`${sticky} py-2 pr-3 print:py-0.5`}>
              {t('results.date')}
            </th>
            {informants.map((informant) => (
              <th key={informant ?? 'none'} scope="col" className="min-w-40 py-2 pr-3 last:pr-0 print:py-0.5">
                {informant ? t(`respondents.${informant}`) : t('change.shown.unknownInformant')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-200 align-top">
              <th scope="row" className={`${sticky} py-2 pr-3 font-semibold whitespace-nowrap print:py-0.5`}>
                {formatDate(row.submittedAt, lang)}
              </th>
              {informants.map((informant) => {
                const point = row.cells.get(informant);
                return (
                  <td
                    key={informant ?? 'none'}
                    className="py-2 pr-3 last:pr-0 print:py-0.5"
                    data-informant={informant ?? 'none'}
                  >
                    {point ? (
                      cell(point)
                    ) : (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">{t('change.shown.noResponse')}</span>
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
