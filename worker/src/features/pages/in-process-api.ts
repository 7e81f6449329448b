// The app's own API asked in-process, as rendered pages and screens ask it: the same routes and rules
// answer, so what a page shows is exactly what the API would answer the same caller.
import type { Context } from 'hono';
import { API_PREFIX } from '@shared/constants';
import type { AppEnv } from '@worker/env';

/** The app's own fetch, so API paths are answered in-process by the same routes and rules. */
export type AppFetch = (request: Request, env: AppEnv['Bindings'], ctx: ExecutionContext) => Response | Promise<Response>;

/**
 * A loader of API paths (an answer, or undefined when the API refused). `withToken`: sent with the
 * request's own bearer token (a signed-in person's screen); otherwise asked as an anonymous visitor.
 */
export function inProcessApi(c: Context<AppEnv>, appFetch: AppFetch, locale: string, withToken: boolean) {
  const token = withToken ? c.req.header('Authorization') : undefined;
  const metrics = c.get('d1Metrics');
  return async (path: string): Promise<unknown> => {
    const headers = new Headers({ 'Content-Language': locale });
    if (token) headers.set('Authorization', token);
    // A measured page counts the queries of the API requests it is made of (the benchmark's figures).
    if (metrics) headers.set('x-measure-d1', '1');
    const response = await appFetch(new Request(new URL(`${API_PREFIX}${path}`, c.req.url), { headers }), c.env, c.executionCtx);
    if (metrics) {
      metrics.queries += Number(response.headers.get('X-D1-Queries') ?? 0);
      metrics.rowsRead += Number(response.headers.get('X-D1-Rows-Read') ?? 0);
      metrics.rowsWritten += Number(response.headers.get('X-D1-Rows-Written') ?? 0);
    }
    return response.ok ? ((await response.json()) as unknown) : undefined;
  };
}
