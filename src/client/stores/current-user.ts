import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../lib/http';
import { queryKeys } from '../lib/query-keys';
import { type User, useAuthStore } from './auth-store';

/** GET /auth/me: the signed-in practitioner. */
export async function fetchCurrentUser(): Promise<User> {
  const { user } = await http.get<{ user: User }>('auth/me');
  return user;
}

/**
 * The signed-in user, refreshed from the server whenever a screen using it mounts and written back to the session
 * store, so a status changed by a reviewer shows without signing in again.
 */
export function useCurrentUser(): User | null {
  const user = useAuthStore((state) => state.user);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const query = useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: fetchCurrentUser,
    enabled: isAuthenticated,
    refetchOnMount: 'always',
  });
  // only an answer fetched for this screen may overwrite the store (a cached one can be older than it)
  const fresh = query.isFetchedAfterMount ? query.data : undefined;
  useEffect(() => {
    if (fresh) useAuthStore.getState().setUser(fresh);
  }, [fresh]);
  return user;
}
