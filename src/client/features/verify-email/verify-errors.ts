import { ERROR_CODES } from '../../../shared';
import { isApiError } from '../../lib/api-error';

export interface VerifyErrorView {
  key?: string;
  text?: string;
  /** Only an expired link offers 'Request new verification email'. */
  expired: boolean;
}

/** Section 8's verification failures, keyed on the server message of a 400. */
export function mapVerifyError(error: unknown): VerifyErrorView {
  if (!isApiError(error) || error.status !== 400) return { key: 'verifyResult.error', expired: false };
  const message = (error.serverMessage ?? '').toLowerCase();
  // the code decides when present: the message is in the reader's language and may be Turkish
  if (error.code === ERROR_CODES.TOKEN_EXPIRED) return { key: 'verifyResult.expired', expired: true };
  if (error.code === ERROR_CODES.ALREADY_VERIFIED)
    return { key: 'verifyResult.alreadyVerified', expired: false };
  if (error.code === ERROR_CODES.INVALID_TOKEN) return { key: 'verifyResult.invalid', expired: false };
  if (message.includes('expired')) return { key: 'verifyResult.expired', expired: true };
  if (message.includes('already verified')) return { key: 'verifyResult.alreadyVerified', expired: false };
  if (message.includes('invalid')) return { key: 'verifyResult.invalid', expired: false };
  return error.serverMessage
    ? { text: error.serverMessage, expired: false }
    : { key: 'verifyResult.failed', expired: false };
}
