import type { PointChange, ReliableChange } from '../../../shared';

/** The page's `t` of the questionnaires namespace, as these plain functions need it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The mark a point gets on the chart: its reliable change since the informant's first score; none without one. */
export function changeMarkOf(change: PointChange | null): ReliableChange | null {
  return change?.sinceFirst ?? null;
}

/** Jacobson & Truax's "recovered": reliably improved since the first and crossed into the typical range. */
export const isRecovered = (change: PointChange | null) =>
  change?.sinceFirst === 'improved' && change.crossed === 'intoTypical';

/**
 * A score's change in words (`change.*`), one phrase per part: since the first, since the previous, and the
 * crossing of the cut-off ("Recovered" when it completes a reliable improvement); none for a point without labels
 * (an informant's first score, or a scale whose scoring gives no criteria).
 */
export function changeWords(change: PointChange | null, t: Translate, rci?: string | null): string[] {
  if (!change) return [];
  const words: string[] = [];
  if (change.sinceFirst)
    words.push(`${t('change.sinceFirst')}: ${t(`change.${change.sinceFirst}`)}${rciSaid(rci, t)}`);
  if (change.sincePrevious)
    words.push(`${t('change.sincePrevious')}: ${t(`change.${change.sincePrevious}`)}`);
  if (isRecovered(change)) words.push(t('change.recovered'));
  else if (change.crossed) words.push(t(`change.${change.crossed}`));
  return words;
}

/** The reliable change index beside the words of the change since the first: " (RCI −2.4)"; nothing without one. */
const rciSaid = (rci: string | null | undefined, t: Translate) =>
  rci ? ` (${t('change.rci', { value: rci })})` : '';

/**
 * The shortest telling of a latest score's change: "Recovered", else the change since the first and any crossing;
 * `rci` (formatted) is said beside the change since the first.
 */
export function changeHeadline(change: PointChange | null, t: Translate, rci?: string | null): string | null {
  if (!change) return null;
  if (isRecovered(change)) return `${t('change.recovered')}${rciSaid(rci, t)}`;
  const parts: string[] = [];
  if (change.sinceFirst)
    parts.push(
      `${t('change.shown.sinceFirst', { change: t(`change.${change.sinceFirst}`) })}${rciSaid(rci, t)}`,
    );
  if (change.crossed) parts.push(t(`change.${change.crossed}`));
  return parts.length > 0 ? parts.join(' · ') : null;
}
