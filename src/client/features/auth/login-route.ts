import { lazyPage } from '../../components/lazy-page';
import type { FormNeeds } from '../../forms/engine-context';
import { i18n } from '../../i18n';

/** /login's screen, its own chunk (the entry carries only the shell). */
export const LoginPage = lazyPage(() => import('./login-page').then((m) => m.LoginPage));

/** The form /login draws, for a screen that leads there to fetch it beforehand (useEngineWarmUp). */
export const LOGIN_FORM_NEEDS: FormNeeds = { forms: [{ form: 'auth/login' }] };

/**
 * Fetches what /login needs besides its form, for a screen that leads there (sign-up's step 1): its code and the
 * texts of its banner, so the sign-in page draws at once instead of a 'Loading...' card.
 */
export function preloadLoginPage(): Promise<unknown> {
  return Promise.all([LoginPage.preload(), i18n.loadNamespaces(['account', 'account-pages'])]);
}
