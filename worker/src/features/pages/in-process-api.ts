// The app's own API asked in-process, as rendered pages and screens ask it: the same routes and rules
// answer, so what a page shows is exactly what the API would answer the same caller.
import type { Context } from 'hono';
import { API_PREFIX } from '@shared/constants';
import type { AppEnv } from '@worker/env';
import { shareReads, sharedReads } from '@worker/lib/shared-reads';

/** The app's own fetch, so API paths are answered in-process by the same routes and rules. */
export type AppFetch = (request: Request, env: AppEnv['Bindings'], ctx: ExecutionContext) => Response | Promise<Response>;

/**
 * A loader of API paths (an answer, or undefined when the API refused). `withToken`: sent with the
 * request's own bearer token (a signed-in person's screen); otherwise asked as an anonymous visitor.
 * The requests of one loader share their D1 reads (lib/shared-reads.ts), through this request's own
 * binding: a measured page counts them as its own.
 */
export function inProcessApi(c: Context<AppEnv>, appFetch: AppFetch, locale: string, withToken: boolean) {
  const token = withToken ? c.req.header('Authorization') : undefined;
  const reads = sharedReads(c.get('d1'));
  return async (path: string): Promise<unknown> => {
    const headers = new Headers({ 'Content-Language': locale });
    if (token) headers.set('Authorization', token);
    const request = shareReads(new Request(new URL(`${API_PREFIX}${path}`, c.req.url), { headers }), reads);
    const response = await appFetch(request, c.env, c.executionCtx);
    return response.ok ? ((await response.json()) as unknown) : undefined;
  };
}
