/**
 * How a scale's normed score reads (ADR 126): "T 68 · 85th percentile" when a norm group matched, the reason in
 * words when the file has norms but none applied, and which score the band was read on when it was not the raw one.
 */
import type { ScaleResult } from '../../../forms/questionnaires';

/** `t` of the `widgets` namespace, as i18next takes keys and options. */
type Text = (key: string, options?: Record<string, unknown>) => string;

export interface NormedScoreText {
  /** "T 68 · 85th percentile"; null when the scale has no normed score. */
  normed: string | null;
  /** Why the scale has no normed score although it has norms; null otherwise. */
  gap: string | null;
  /** "Band read on the T-score"; null for a band on the raw score (as before norms). */
  bandOn: string | null;
}

/** One formatter per language: making an Intl.NumberFormat costs far more than formatting with it. */
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number as the language writes it: 1,5 in Turkish, 1.5 in English, at most two decimals. */
export function formatNumber(value: number, lang: string): string {
  const locale = lang === 'tr' ? 'tr-TR' : 'en-GB';
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

export function normedScoreText(scale: ScaleResult, t: Text, lang: string): NormedScoreText {
  const parts: string[] = [];
  if (scale.normed?.t !== undefined)
    parts.push(t('questionnaire.scores.t', { value: formatNumber(scale.normed.t, lang) }));
  if (scale.normed?.percentile !== undefined)
    parts.push(
      t('questionnaire.scores.percentile', {
        count: scale.normed.percentile,
        ordinal: true,
        value: formatNumber(scale.normed.percentile, lang),
      }),
    );
  return {
    normed: parts.length > 0 ? parts.join(' · ') : null,
    gap: scale.normed ? null : scale.normGap ? t(`questionnaire.normGap.${scale.normGap}`) : null,
    bandOn: scale.bandOn && scale.bandOn !== 'raw' ? t(`questionnaire.scores.bandOn.${scale.bandOn}`) : null,
  };
}
