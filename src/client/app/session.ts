import { useAuthStore } from '../stores/auth-store';
import { fetchCurrentUser } from '../stores/current-user';

/**
 * Once per page load, before the first render: with no token the user is signed out; with one,
 * the current user is reloaded (the token may have expired meanwhile) and a failure ends the session.
 */
export async function checkSession(): Promise<void> {
  const store = useAuthStore.getState();
  if (!store.token) {
    if (store.isAuthenticated || store.user) store.logout();
    return;
  }
  store.setLoading(true);
  try {
    const user = await fetchCurrentUser();
    useAuthStore.setState({ user, isAuthenticated: true, isLoading: false });
  } catch {
    useAuthStore.getState().logout();
  }
}
