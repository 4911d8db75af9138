import { describe, expect, it } from 'vitest';
import { closedReason, type LinkFacts, linkState } from '../../../src/server/links/link-state';

const now = new Date('2026-11-23T12:00:00Z');
const open: LinkFacts = {
  expiresAt: new Date('2026-11-30T12:00:00Z'),
  openedAt: null,
  revokedAt: null,
  lockedAt: null,
  responseStatus: 'draft',
  responseVersion: 1,
};

describe('a respondent link state', () => {
  it('goes created, opened, in progress', () => {
    expect(linkState(open, now)).toBe('created');
    expect(linkState({ ...open, openedAt: now }, now)).toBe('opened');
    expect(linkState({ ...open, openedAt: now, responseVersion: 2 }, now)).toBe('inProgress');
  });

  it('is expired from the expiry instant on', () => {
    expect(closedReason({ ...open, expiresAt: new Date(now.getTime() + 1) }, now)).toBeNull();
    expect(closedReason({ ...open, expiresAt: now }, now)).toBe('expired');
  });

  it('puts submitted before revoked, revoked before locked, locked before expired', () => {
    const all = {
      ...open,
      expiresAt: now,
      revokedAt: now,
      lockedAt: now,
      responseStatus: 'submitted' as const,
    };
    expect(linkState(all, now)).toBe('submitted');
    expect(linkState({ ...all, responseStatus: 'draft' }, now)).toBe('revoked');
    expect(linkState({ ...all, responseStatus: 'draft', revokedAt: null }, now)).toBe('locked');
    expect(linkState({ ...all, responseStatus: 'draft', revokedAt: null, lockedAt: null }, now)).toBe(
      'expired',
    );
  });
});
