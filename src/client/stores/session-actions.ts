import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { configureHttp, http } from '../lib/http';
import { useAuthStore } from './auth-store';

/** Calls carry this session's token, and a 401 on one of them ends it here too (set at start-up). */
export function connectHttpToSession(): void {
  configureHttp({
    getToken: () => useAuthStore.getState().token,
    onSessionEnded: () => useAuthStore.getState().logout(),
  });
}

/** POST /auth/logout (best effort), then the local session and sign-up data are cleared. */
export async function signOut(): Promise<void> {
  try {
    await http.post('auth/logout');
  } catch {
    // the server may already have dropped the session; ending it here is what matters
  }
  useAuthStore.getState().logout();
}

/** Signs out, forgets cached server data and goes to /login. Shared by the profile menu and notices. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    await signOut();
    queryClient.clear();
    setPending(false);
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);
  return { logout: run, pending };
}
