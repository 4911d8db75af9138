import { QueryClient } from '@tanstack/react-query';

/** Server data is fresh for 5 minutes and retried once (spec section 7). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60 * 1000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}
