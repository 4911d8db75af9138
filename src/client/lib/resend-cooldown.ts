import { normalizeEmail } from '../../shared';

/** Verification-resend cooldowns survive reloads: one expiry time per e-mail address in localStorage (sign-up starts one too). */
const PREFIX = 'verify-email-cooldown:';

function keyOf(email: string): string {
  return `${PREFIX}${normalizeEmail(email)}`;
}

/** Whole seconds left before another verification e-mail may be requested for this address. */
export function remainingCooldown(email: string, now: number = Date.now()): number {
  try {
    const until = Number(localStorage.getItem(keyOf(email)));
    if (!Number.isFinite(until) || until <= now) {
      localStorage.removeItem(keyOf(email));
      return 0;
    }
    return Math.ceil((until - now) / 1000);
  } catch {
    return 0;
  }
}

/** Starts a cooldown of the length the server gave. */
export function startCooldown(email: string, seconds: number, now: number = Date.now()): void {
  if (!(seconds > 0)) return;
  try {
    localStorage.setItem(keyOf(email), String(now + seconds * 1000));
  } catch {
    // storage blocked: the countdown still runs for this page
  }
}
