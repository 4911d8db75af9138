import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResendPanel } from '../../../src/client/features/verify-email/resend-panel';
import { i18n } from '../../../src/client/i18n';
import { ApiError } from '../../../src/client/lib/api-error';
import { remainingCooldown, startCooldown } from '../../../src/client/lib/resend-cooldown';

const resend = vi.hoisted(() => vi.fn());
vi.mock('../../../src/client/features/verify-email/api/resend-verification', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return {
    resendVerification: resend,
    useResendVerification: () => useMutation({ mutationFn: resend }),
  };
});

const EMAIL = 'zeynep@example.com';

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: 0 } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ResendPanel email={EMAIL} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

// the screens' own texts arrive with their route (its lazy page waits for them); here, before drawing
beforeAll(() => i18n.loadNamespaces('account-pages'));

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
  localStorage.clear();
  resend.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

// one second at a time: each tick re-renders and schedules the next one
async function seconds(count: number) {
  for (let i = 0; i < count; i += 1) await advance(1000);
}

async function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  await advance(0);
}

describe('resend cooldown storage', () => {
  it('is kept per e-mail (case-insensitive) and counts down with the clock', () => {
    const now = Date.now();
    startCooldown('Zeynep@Example.com', 60, now);
    expect(remainingCooldown(EMAIL, now)).toBe(60);
    expect(remainingCooldown(EMAIL, now + 59_001)).toBe(1);
    expect(remainingCooldown(EMAIL, now + 60_000)).toBe(0);
    expect(remainingCooldown('other@example.com', now)).toBe(0);
  });
});

describe('the resend button (spec sections 4 and 8)', () => {
  it('counts down the server-given cooldown after a successful resend and shows the success for 5 s', async () => {
    resend.mockResolvedValue({ cooldown: 45 });
    renderPanel();
    await click('Resend verification email');
    expect(screen.getByText('Verification email sent successfully! Please check your inbox.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resend available in 45 seconds' })).toBeDisabled();
    await advance(1000);
    expect(screen.getByRole('button', { name: 'Resend available in 44 seconds' })).toBeDisabled();
    await seconds(4);
    expect(screen.queryByText('Verification email sent successfully! Please check your inbox.')).toBeNull();
    await seconds(39);
    expect(screen.getByRole('button', { name: 'Resend available in 1 second' })).toBeDisabled();
    await seconds(1);
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeEnabled();
  });

  it('restores a running cooldown on load', async () => {
    startCooldown(EMAIL, 30);
    await advance(10_000);
    renderPanel();
    expect(screen.getByRole('button', { name: 'Resend available in 20 seconds' })).toBeDisabled();
  });

  it('on 429 says "Too many requests. Please try again later." and takes the cooldown from the answer', async () => {
    resend.mockRejectedValue(
      new ApiError({ status: 429, message: 'x', retryAfter: 12, body: { cooldown: 12, retryAfter: 12 } }),
    );
    renderPanel();
    await click('Resend verification email');
    expect(screen.getByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    expect(screen.getByRole('button', { name: 'Resend available in 12 seconds' })).toBeDisabled();
    expect(remainingCooldown(EMAIL)).toBe(12);
  });

  it('other failures show the server message, else "Failed to resend verification email"', async () => {
    resend.mockRejectedValueOnce(
      new ApiError({ status: 500, message: 'x', serverMessage: 'Mail server down' }),
    );
    resend.mockRejectedValueOnce(new Error('offline'));
    renderPanel();
    await click('Resend verification email');
    expect(screen.getByRole('alert')).toHaveTextContent('Mail server down');
    await click('Resend verification email');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to resend verification email');
  });
});
