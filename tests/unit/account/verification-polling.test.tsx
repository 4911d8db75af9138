import { cleanup, renderHook } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollDelayMs } from '../../../src/client/features/verify-email/polling-schedule';
import { useVerificationPolling } from '../../../src/client/features/verify-email/use-verification-polling';

const check = vi.hoisted(() => vi.fn(async () => ({ emailVerified: false })));
vi.mock('../../../src/client/features/verify-email/api/get-verification-state', () => ({
  getVerificationState: check,
}));

describe('verification polling schedule (spec section 4)', () => {
  it.each([
    [1, 5000],
    [24, 5000],
    [25, 15000],
    [36, 15000],
    [37, 30000],
    [500, 30000],
  ])('after check %i waits %i ms', (done, delay) => {
    expect(pollDelayMs(done)).toBe(delay);
  });
});

describe('useVerificationPolling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    check.mockReset();
    check.mockResolvedValue({ emailVerified: false });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('checks at once, every 5 s for 24 checks, every 15 s up to 36, then every 30 s', async () => {
    const onVerified = vi.fn();
    renderHook(() => useVerificationPolling(true, onVerified));
    await advance(0);
    expect(check).toHaveBeenCalledTimes(1);
    await advance(5000 * 24);
    expect(check).toHaveBeenCalledTimes(25);
    await advance(15000 * 11);
    expect(check).toHaveBeenCalledTimes(36);
    await advance(14999);
    expect(check).toHaveBeenCalledTimes(36);
    await advance(1);
    expect(check).toHaveBeenCalledTimes(37);
    await advance(29999);
    expect(check).toHaveBeenCalledTimes(37);
    await advance(1);
    expect(check).toHaveBeenCalledTimes(38);
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('stops and moves on once the e-mail is verified', async () => {
    const onVerified = vi.fn();
    check.mockResolvedValueOnce({ emailVerified: false }).mockResolvedValueOnce({ emailVerified: true });
    renderHook(() => useVerificationPolling(true, onVerified));
    await advance(5000);
    expect(onVerified).toHaveBeenCalledTimes(1);
    await advance(60000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('keeps going after a failed check', async () => {
    check.mockRejectedValueOnce(new Error('401'));
    renderHook(() => useVerificationPolling(true, vi.fn()));
    await advance(5000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('does nothing when disabled (no fromSignup) and stops on unmount', async () => {
    const { unmount } = renderHook(() => useVerificationPolling(false, vi.fn()));
    await advance(60000);
    expect(check).not.toHaveBeenCalled();
    unmount();
    const second = renderHook(() => useVerificationPolling(true, vi.fn()));
    await advance(0);
    second.unmount();
    await advance(60000);
    expect(check).toHaveBeenCalledTimes(1);
  });
});
