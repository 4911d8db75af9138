import { ERROR_CODES } from '../../../shared';
import { isApiError } from '../../lib/api-error';

/** Section 8's reset-password failures: the server message, else by status. Returns a key or a text. */
export function mapResetError(error: unknown): { key?: string; text?: string; invalidToken: boolean } {
  if (!isApiError(error)) return { key: 'app.genericError', invalidToken: false };
  const invalidToken = error.code === ERROR_CODES.INVALID_RESET_TOKEN;
  if (error.serverMessage) return { text: error.serverMessage, invalidToken };
  if (error.status === 400) return { key: 'resetPassword.invalidOrExpired', invalidToken: true };
  return { key: 'app.genericError', invalidToken };
}
