import type { LinkState } from '../../shared';

/** Where a respondent link stands, as the practitioner's list shows it (the contract's states). */
export type { LinkState } from '../../shared';

/**
 * Why a link no longer opens: what the respondent's page explains in the link's language. `replaced` is an old
 * address whose link a reminder mailed again with a new token.
 */
export type ClosedReason = 'expired' | 'revoked' | 'used' | 'locked' | 'replaced';

export interface LinkFacts {
  expiresAt: Date;
  openedAt: Date | null;
  revokedAt: Date | null;
  lockedAt: Date | null;
  responseStatus: 'draft' | 'submitted';
  /** The response's row version: above 1 once the respondent saved an answer. */
  responseVersion: number;
  /** When the practitioner deleted the client's record (restorable during the grace period, ADR 092). */
  clientDeletedAt?: Date | null;
}

/** The reason a link is closed at `now`, or null while it opens; a submitted response wins over everything. */
export function closedReason(link: LinkFacts, now: Date): Exclude<ClosedReason, 'replaced'> | null {
  if (link.responseStatus === 'submitted') return 'used';
  // a deleted record's links close like revoked ones: the respondent never reaches a record in its grace period
  if (link.revokedAt || link.clientDeletedAt) return 'revoked';
  if (link.lockedAt) return 'locked';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/** The state of a link at `now`. */
export function linkState(link: LinkFacts, now: Date): LinkState {
  const closed = closedReason(link, now);
  if (closed === 'used') return 'submitted';
  if (closed) return closed;
  if (link.responseVersion > 1) return 'inProgress';
  return link.openedAt ? 'opened' : 'created';
}
