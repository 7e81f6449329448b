import { createMiddleware } from 'hono/factory';
import { API_PREFIX } from '@shared/constants';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/api-error';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Signing in and out stay possible in demo mode, and so does reading a borrow request's status or a waiting-list offer (a POST
 * only to keep its token out of addresses and logs); every other write is refused.
 */
const ALLOWED_WRITES = new Set([
  `POST ${API_PREFIX}/token`,
  `DELETE ${API_PREFIX}/token`,
  `POST ${API_PREFIX}/borrow-requests/status`,
  `POST ${API_PREFIX}/holds/offer`,
]);

export const demoGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('demo') && !READ_METHODS.has(c.req.method) && !ALLOWED_WRITES.has(`${c.req.method} ${c.req.path}`)) {
    throw new ApiError('DEMO_MODE');
  }
  await next();
});
