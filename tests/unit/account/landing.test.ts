import { describe, expect, it } from 'vitest';
import { landingRoute } from '../../../src/client/features/auth/landing';

describe('landing after sign-in (spec section 2)', () => {
  it.each([
    ['pending_verification', '/verify-email/pending'],
    ['email_verified', '/signup/step2'],
    ['profile_completed', '/dashboard'],
    ['approved', '/dashboard'],
    ['under_review', '/dashboard'],
    ['rejected', '/dashboard'],
    ['suspended', '/dashboard'],
    ['something_new', '/dashboard'],
    ['EMAIL VERIFIED', '/signup/step2'],
  ])('%s lands on %s', (accountStatus, route) => {
    expect(landingRoute({ accountStatus })).toBe(route);
  });

  it('no user, or no status, lands on /dashboard', () => {
    expect(landingRoute(null)).toBe('/dashboard');
    expect(landingRoute({ accountStatus: null })).toBe('/dashboard');
  });
});
