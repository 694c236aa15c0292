import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isHttpError } from '../shared/api/http-error.ts';
import { isHandledMutationError } from '../shared/api/use-mutation.ts';
import { sessionStore } from '../shared/session/session.ts';

/** Session answers are handled by the session rules (and ignored while redirecting to /login). */
function isSessionError(error: unknown): boolean {
  return isHttpError(error) && (error.status === 401 || error.code === 'user-disabled' || error.code === 'tenant-mismatch');
}

export function createQueryClient(onUnhandledMutationError: (error: unknown) => void): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache(),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.options.onError || mutation.meta?.silent || isSessionError(error)) return;
        // an onError given to mutate() runs after this, in the same task: look once it has had its turn
        setTimeout(() => {
          if (!isHandledMutationError(error)) onUnhandledMutationError(error);
        }, 0);
      },
    }),
    defaultOptions: {
      // The fetch client already retries exactly as spec §9; the cache must not add its own.
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  // Another person's data must never outlive their session (sign-in/out in this or another tab).
  sessionStore.onEvent((event) => {
    if (event.type === 'signed-out' || event.type === 'signed-in') client.clear();
  });
  return client;
}
