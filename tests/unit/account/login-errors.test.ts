import { describe, expect, it } from 'vitest';
import { mapLoginError } from '../../../src/client/features/auth/login-errors';
import { i18n } from '../../../src/client/i18n';
import { ApiError } from '../../../src/client/lib/api-error';

const en = i18n.getFixedT('en', 'account');
const tr = i18n.getFixedT('tr', 'account');

function shown(error: unknown, t = en): string {
  const view = mapLoginError(error);
  return view.key ? t(view.key, view.params) : (view.text ?? '');
}

const api = (status: number, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ status, message: extra.serverMessage ?? 'x', ...extra });

describe('login error catalogue (spec section 8)', () => {
  it.each([
    [
      '401',
      api(401, { code: 'INVALID_CREDENTIALS', serverMessage: 'Nope' }),
      'Invalid email or password',
      false,
    ],
    [
      '403 EMAIL_NOT_VERIFIED',
      api(403, { code: 'EMAIL_NOT_VERIFIED' }),
      'Please verify your email before logging in',
      true,
    ],
    [
      '403 ACCOUNT_SUSPENDED',
      api(403, { code: 'ACCOUNT_SUSPENDED' }),
      'Your account has been suspended. Please contact support.',
      false,
    ],
    [
      '403 ACCOUNT_DELETION_PENDING (the server’s words: how to keep the account)',
      api(403, { code: 'ACCOUNT_DELETION_PENDING', serverMessage: 'This account is being deleted.' }),
      'This account is being deleted.',
      false,
    ],
    [
      '403 CROSS_SITE_REQUEST (the server’s words: which address to open)',
      api(403, {
        code: 'CROSS_SITE_REQUEST',
        serverMessage: 'Open http://localhost:3000 and repeat the action.',
      }),
      'Open http://localhost:3000 and repeat the action.',
      false,
    ],
    ['other 403', api(403, { code: 'SOMETHING' }), 'Access denied', false],
    [
      '429 with retryAfter',
      api(429, { retryAfter: 42 }),
      'Too many login attempts. Please try again in 42 seconds.',
      false,
    ],
    ['429 without retryAfter', api(429), 'Too many login attempts. Please try again later.', false],
    ['500 with a message', api(500, { serverMessage: 'Database is down' }), 'Database is down', false],
    [
      '500 without a message',
      new ApiError({ status: 500, message: 'generic' }),
      'An unexpected error occurred. Please try again.',
      false,
    ],
    ['a non-API error', new TypeError('boom'), 'An unexpected error occurred. Please try again.', false],
  ])('%s shows %j', (_name, error, message, redirect) => {
    expect(shown(error)).toBe(message);
    expect(mapLoginError(error).redirectToResend).toBe(redirect);
  });

  it('has the Turkish texts too', () => {
    expect(shown(api(401), tr)).toBe('E-posta adresi veya şifre hatalı');
    expect(shown(api(429, { retryAfter: 7 }), tr)).toBe(
      'Çok fazla giriş denemesi yapıldı. Lütfen 7 saniye sonra tekrar deneyin.',
    );
  });
});
