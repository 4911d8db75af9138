import { isLang } from '../../forms/locales';
import { currentLanguage, type Lang, setLanguage } from '../i18n/i18n';
import { http } from '../lib/http';
import { type User, useAuthStore } from './auth-store';

/**
 * The practitioner's language lives on the account (ADR 064): a choice made while signed in is saved there, one
 * made on the sign-in page goes with the sign-in (ADR 112), and the account's language is applied whenever the
 * server tells a different one (login, GET /auth/me), so any browser opens in it after signing in. Returns the
 * unsubscribe function.
 */
export function startAccountLanguageSync(): () => void {
  return useAuthStore.subscribe((state, previous) => {
    const next = state.user?.language;
    if (!isLang(next) || next === previous.user?.language || next === currentLanguage()) return;
    // the switch keeps the page as it is when the texts cannot load; nothing to tell the user here
    setLanguage(next).catch(() => undefined);
  });
}

/** Set when the language is switched on a public page of this tab: the next sign-in takes it along (ADR 112). */
const CHOSEN_SIGNED_OUT = 'lang-chosen-signed-out';

/**
 * The language to send with a sign-in: the page's, when the practitioner chose it before signing in (so it
 * becomes the account's); undefined when they did not, and the account's own language applies.
 */
export function languageChosenBeforeSignIn(): Lang | undefined {
  return globalThis.sessionStorage?.getItem(CHOSEN_SIGNED_OUT) ? currentLanguage() : undefined;
}

/** A sign-in took the choice along: the account holds it now. */
export function forgetLanguageChosenBeforeSignIn(): void {
  globalThis.sessionStorage?.removeItem(CHOSEN_SIGNED_OUT);
}

/**
 * Saves a language chosen while signed in on the account (best effort: this browser has switched anyway);
 * signed out, keeps the fact that it was chosen for the next sign-in.
 */
export async function rememberLanguageOnAccount(lang: Lang): Promise<void> {
  const { isAuthenticated, user } = useAuthStore.getState();
  if (!isAuthenticated || !user) {
    globalThis.sessionStorage?.setItem(CHOSEN_SIGNED_OUT, lang);
    return;
  }
  if (user.language === lang) return;
  try {
    const answer = await http.put<{ user: User }>('auth/language', { language: lang });
    // a quicker second switch wins: an older answer must not switch the page back
    if (answer?.user && lang === currentLanguage())
      useAuthStore.getState().setUser({ ...user, ...answer.user });
  } catch {
    // offline or signed out meanwhile: the next choice while signed in saves again
  }
}
