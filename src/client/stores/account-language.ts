import { isLang } from '../../forms/locales';
import { currentLanguage, type Lang, setLanguage } from '../i18n/i18n';
import { http } from '../lib/http';
import { type User, useAuthStore } from './auth-store';

/**
 * The practitioner's language lives on the account (ADR 064): a choice made while signed in is saved there,
 * and the account's language is applied whenever the server tells a different one (login, GET /auth/me),
 * so any browser opens in it after signing in. Returns the unsubscribe function.
 */
export function startAccountLanguageSync(): () => void {
  return useAuthStore.subscribe((state, previous) => {
    const next = state.user?.language;
    if (!isLang(next) || next === previous.user?.language || next === currentLanguage()) return;
    // the switch keeps the page as it is when the texts cannot load; nothing to tell the user here
    setLanguage(next).catch(() => undefined);
  });
}

/** Saves a language chosen while signed in on the account (best effort: this browser has switched anyway). */
export async function rememberLanguageOnAccount(lang: Lang): Promise<void> {
  const { isAuthenticated, user } = useAuthStore.getState();
  if (!isAuthenticated || !user || user.language === lang) return;
  try {
    const answer = await http.put<{ user: User }>('auth/language', { language: lang });
    // a quicker second switch wins: an older answer must not switch the page back
    if (answer?.user && lang === currentLanguage())
      useAuthStore.getState().setUser({ ...user, ...answer.user });
  } catch {
    // offline or signed out meanwhile: the next choice while signed in saves again
  }
}
