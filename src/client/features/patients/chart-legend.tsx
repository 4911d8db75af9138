import { hollow, type MarkKind, markPath } from './chart-markers';
import { type Informant, styleOf } from './informants';
import type { Say } from './said-once';

const MARKS: MarkKind[] = ['improved', 'deteriorated', 'noChange', 'plain'];

/**
 * What the chart's lines and marks mean, in words beside a small drawing of each: the informants' lines (colour
 * and pattern), the change marks (shape) and the cut-off. Text, not SVG, so it wraps at 375 px and is read aloud.
 */
export function ChartLegend({
  informants,
  marks,
  higherIs,
  cutoff,
  errorBand = null,
  t,
}: {
  /** Named only when there is more than one line. */
  informants: Informant[];
  /** Whether the points carry change marks (the scale has a reliable-change threshold). */
  marks: boolean;
  higherIs: 'worse' | 'better';
  cutoff: boolean;
  /** The reliable-change threshold (as the page writes numbers) when the chart shades the first score ± it. */
  errorBand?: string | null;
  /** The page's words (questionnaires namespace), looked up once for all its scales' legends (ADR 147). */
  t: Say;
}) {
  if (informants.length < 2 && !marks && !cutoff && errorBand === null) return null;
  const item = 'inline-flex items-center gap-2';
  return (
    // on paper the legend is one line of small print with the informants only: the chart names its cut-off line
    // and the table says each change in words, so a typical client's scales still fit one page
    <div
      className="mt-2 space-y-1 text-sm text-slate-800 print:mt-0 print:flex print:flex-wrap print:gap-x-5 print:space-y-0 print:text-[8pt]"
      data-chart-legend
    >
      {(informants.length > 1 || cutoff || errorBand !== null) && (
        <ul className="flex flex-wrap gap-x-5 gap-y-1">
          {informants.length > 1 &&
            informants.map((informant) => {
              const style = styleOf(informant);
              return (
                <li key={informant ?? 'none'} className={item} data-legend-informant={informant ?? 'none'}>
                  <svg width="32" height="12" aria-hidden="true">
                    <line
                      x1="1"
                      x2="31"
                      y1="6"
                      y2="6"
                      stroke={style.colour}
                      strokeWidth="2.5"
                      strokeDasharray={style.dash}
                    />
                  </svg>
                  {informant ? t(`respondents.${informant}`) : t('change.shown.unknownInformant')}
                </li>
              );
            })}
          {cutoff && (
            <li className={`${item} print:hidden`}>
              <svg width="32" height="12" aria-hidden="true">
                <line x1="1" x2="31" y1="6" y2="6" stroke="#b91c1c" strokeWidth="1.5" strokeDasharray="3 3" />
              </svg>
              {t('change.cutoff')}
            </li>
          )}
          {errorBand !== null && (
            <li className={`${item} print:hidden`} data-legend-error-band>
              <svg width="32" height="12" aria-hidden="true">
                <rect
                  x="1"
                  y="1"
                  width="30"
                  height="10"
                  fill="#1e3a8a"
                  fillOpacity="0.1"
                  stroke="#1e3a8a"
                  strokeOpacity="0.6"
                  strokeDasharray="1 3"
                />
              </svg>
              {t('change.shown.errorBand', { threshold: errorBand })}
            </li>
          )}
        </ul>
      )}
      {marks && (
        <div className="flex flex-wrap items-center gap-x-5 gap-y-1 print:hidden">
          <span>{t('change.shown.marksTitle')}</span>
          <ul className="flex flex-wrap gap-x-5 gap-y-1">
            {MARKS.map((kind) => (
              <li key={kind} className={item} data-legend-mark={kind}>
                <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                  <path
                    d={markPath(kind, 8, 8, higherIs)}
                    fill={hollow(kind) ? '#fff' : '#334155'}
                    stroke="#334155"
                    strokeWidth={hollow(kind) ? 2 : 0}
                  />
                </svg>
                {kind === 'plain' ? t('change.shown.plain') : t(`change.${kind}`)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
