import { describe, expect, it } from 'vitest';
import { mapVerifyError } from '../../../src/client/features/verify-email/verify-errors';
import { i18n } from '../../../src/client/i18n';
import { ApiError } from '../../../src/client/lib/api-error';

const t = i18n.getFixedT('en', ['account', 'account-pages']);
const shown = (error: unknown) => {
  const view = mapVerifyError(error);
  return view.key ? t(view.key) : view.text;
};

describe('verification link failures (spec section 8)', () => {
  it.each([
    [
      'Verification link has expired',
      undefined,
      'This verification link has expired. Please request a new one.',
      true,
    ],
    ['Verification link is invalid', undefined, 'This verification link is invalid.', false],
    ['This email is already verified', undefined, 'This email has already been verified.', false],
    ['Something else', undefined, 'Something else', false],
    [
      'Bağlantının süresi dolmuş',
      'TOKEN_EXPIRED',
      'This verification link has expired. Please request a new one.',
      true,
    ],
    ['Geçersiz bağlantı', 'INVALID_TOKEN', 'This verification link is invalid.', false],
  ])('400 %j (code %s) shows %j', (serverMessage, code, text, expired) => {
    const error = new ApiError({ status: 400, message: serverMessage, serverMessage, code });
    expect(shown(error)).toBe(text);
    expect(mapVerifyError(error).expired).toBe(expired);
  });

  it('400 without a message shows "Verification failed"', () => {
    expect(shown(new ApiError({ status: 400, message: 'x' }))).toBe('Verification failed');
  });

  it('any other failure shows the generic verification error', () => {
    expect(shown(new ApiError({ status: 500, message: 'x', serverMessage: 'x' }))).toBe(
      'An error occurred during verification. Please try again.',
    );
    expect(shown(new Error('network'))).toBe('An error occurred during verification. Please try again.');
  });
});
