import { ERROR_CODES } from '../../../shared';
import { isApiError } from '../../lib/api-error';

export interface LoginErrorView {
  /** i18n key in `account`, or undefined when `text` (a server message) is shown as is. */
  key?: string;
  params?: Record<string, unknown>;
  text?: string;
  /** The unverified-e-mail case: go to /verify-email/resend after 3 seconds. */
  redirectToResend: boolean;
}

export const RESEND_REDIRECT_DELAY_MS = 3000;

/** Section 8's login error catalogue. */
export function mapLoginError(error: unknown): LoginErrorView {
  if (!isApiError(error)) return { key: 'login.errors.generic', redirectToResend: false };
  switch (error.status) {
    case 401:
      return { key: 'login.errors.invalidCredentials', redirectToResend: false };
    case 403:
      if (error.code === ERROR_CODES.EMAIL_NOT_VERIFIED)
        return { key: 'login.errors.emailNotVerified', redirectToResend: true };
      if (error.code === ERROR_CODES.ACCOUNT_SUSPENDED)
        return { key: 'login.errors.suspended', redirectToResend: false };
      // the server's message says how to keep the account (the link in the deletion mail)
      // the server's message says which address to open (a page opened at another address than the site's)
      if (
        (error.code === ERROR_CODES.ACCOUNT_DELETION_PENDING ||
          error.code === ERROR_CODES.CROSS_SITE_REQUEST) &&
        error.serverMessage
      )
        return { text: error.serverMessage, redirectToResend: false };
      return { key: 'login.errors.accessDenied', redirectToResend: false };
    case 429:
      return error.retryAfter !== undefined
        ? {
            key: 'login.errors.tooManyAttemptsIn',
            params: { retryAfter: error.retryAfter },
            redirectToResend: false,
          }
        : { key: 'login.errors.tooManyAttemptsLater', redirectToResend: false };
    default:
      return error.serverMessage
        ? { text: error.serverMessage, redirectToResend: false }
        : { key: 'login.errors.generic', redirectToResend: false };
  }
}
