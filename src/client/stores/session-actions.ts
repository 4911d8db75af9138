import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { http } from '../lib/http';
import { useAuthStore } from './auth-store';

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
