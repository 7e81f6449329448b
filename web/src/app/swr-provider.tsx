// SWR for the whole app: API paths as keys, one fetcher, and the one place that reacts to a revoked
// session (a 401 to a request sent with a token): forget the session, say "You were signed out", and
// ask again as a visitor. A public page stays on screen; one that needs signing in goes to sign-in.
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Middleware, SWRConfiguration } from 'swr';
import { isApiError } from '../lib/api-client';
import { fetcher } from '../lib/fetcher';
import { paths } from '../lib/paths';
import { clearSession, getSession, isUnauthenticated, markSignedOut } from '../lib/session';

/** Answers a visitor does not get when the signed-in person did: the page needs signing in. */
function needsSignIn(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 404);
}

function sessionGuard(onNeedsSignIn: () => void): Middleware {
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
              try {
                return await fetch(...args);
              } catch (anonymous) {
                if (needsSignIn(anonymous)) onNeedsSignIn();
                throw anonymous;
              }
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
  const navigate = useNavigate();
  const value = useMemo<SWRConfiguration>(
    () => ({
      fetcher,
      use: [
        sessionGuard(() => {
          const from = `${window.location.pathname}${window.location.search}`;
          void navigate(paths.login(), { replace: true, state: { from } });
        }),
      ],
      onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
        if (!shouldRetry(error) || retryCount >= 3) return;
        setTimeout(() => void revalidate({ retryCount }), (config.errorRetryInterval ?? 5000) * 2 ** retryCount);
      },
      revalidateOnFocus: false,
    }),
    [navigate],
  );
  return <SWRConfig value={value}>{children}</SWRConfig>;
}
