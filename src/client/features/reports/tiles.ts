import { CHANGE_OUTCOMES, type ChangeOutcome, type ChangeReport } from '../../../shared';

/** One tile of the report's summary: an outcome, how many clients have it, and of the improved how many recovered. */
export interface ReportTile {
  outcome: ChangeOutcome;
  count: number;
  /** On the improved tile only, when the scale has a cut-off: how many of its clients recovered. */
  recovered: number | null;
}

/**
 * The summary's tiles: one per outcome, so each client is counted once and the tiles add up to the clients
 * compared; "recovered" (reliably improved and out of the clinical range) is a part of "reliably improved", said
 * within its tile, never a tile beside it.
 */
export function reportTiles(counts: NonNullable<ChangeReport['counts']>): ReportTile[] {
  return CHANGE_OUTCOMES.map((outcome) => ({
    outcome,
    count: counts[outcome],
    recovered: outcome === 'improved' ? counts.recovered : null,
  }));
}
