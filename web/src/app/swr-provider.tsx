// SWR for the whole app: API paths as keys, one fetcher, and the one place that reacts to a revoked
// session (a 401 to a request sent with a token): forget the session, say "You were signed out", and
// ask again as a visitor. A public page stays on screen; screens that need signing in send to sign-in
// themselves once the session is gone, and the notice offers to sign in again from anywhere.
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { Middleware, SWRConfiguration } from 'swr';
import { isApiError } from '../lib/api-client';
import { fetcher } from '../lib/fetcher';
import { clearSession, getSession, isUnauthenticated, markSignedOut } from '../lib/session';

function sessionGuard(): Middleware {
  return (useSWRNext) =>
    function useSessionGuard(key, fetch, config) {
      const guarded = fetch
        ? ((async (...args: Parameters<typeof fetch>) => {
            // Several requests of one page fail together: each knows whether it carried the token.
            const sentWithToken = getSession() !== null;
            try {
              return await fetch(...args);
            } catch (error) {
              if (!sentWithToken || !isUnauthenticated(error)) throw error;
              if (getSession() !== null) {
                clearSession();
                markSignedOut(true);
              }
              return await fetch(...args);
            }
          }) as typeof fetch)
        : null;
      return useSWRNext(key, guarded, config);
    };
}

/** Client errors will not get better by retrying; network and server errors may. */
function shouldRetry(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

export function AppSwrProvider({ children }: { children: ReactNode }) {
  const value = useMemo<SWRConfiguration>(
    () => ({
      fetcher,
      use: [sessionGuard()],
      onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
        if (!shouldRetry(error) || retryCount >= 3) return;
        setTimeout(() => void revalidate({ retryCount }), (config.errorRetryInterval ?? 5000) * 2 ** retryCount);
      },
      revalidateOnFocus: false,
    }),
    [],
  );
  return <SWRConfig value={value}>{children}</SWRConfig>;
}
