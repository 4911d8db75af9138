import type { i18n as I18n } from 'i18next';
import type { HttpMessages } from '../lib/http';

/** The HTTP client's own texts, from `account:http.*` in the current language. */
export function httpMessagesFrom(i18n: I18n): HttpMessages {
  const t = i18n.getFixedT(null, 'account');
  return {
    tooManyRequestsIn: (count) => t('http.tooManyRequestsIn', { count }),
    tooManyRequests: () => t('http.tooManyRequests'),
    network: () => t('http.network'),
    timeout: () => t('http.timeout'),
    unavailable: () => t('http.unavailable'),
    generic: () => t('app.genericError'),
  };
}
