// What other features may use of sign-in (ADR 074): its lazily loaded page, what a screen leading there fetches
// beforehand, and the state a screen may hand it.
export type { LoginNavigationState } from './login-page';
export { LOGIN_FORM_NEEDS, LoginPage, preloadLoginPage } from './login-route';
