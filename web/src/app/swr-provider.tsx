// SWR for the whole app: API paths as keys, one fetcher, and the one place that reacts to a revoked
// session (a 401 while a token is stored): forget the session and go to the sign-in screen.
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Middleware, SWRConfiguration } from 'swr';
import { isApiError } from '../lib/api-client';
import { fetcher } from '../lib/fetcher';
import { paths } from '../lib/paths';
import { clearSession, isSessionRevoked } from '../lib/session';

function sessionGuard(onRevoked: () => void): Middleware {
  return (useSWRNext) =>
    function useSessionGuard(key, fetch, config) {
      const guarded = fetch
        ? ((async (...args: Parameters<typeof fetch>) => {
            try {
              return await fetch(...args);
            } catch (error) {
              if (isSessionRevoked(error)) onRevoked();
              throw error;
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
          clearSession();
          void navigate(paths.login(), { replace: true });
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
