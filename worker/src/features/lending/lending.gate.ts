// "Enable loans" (docs/product.md §2 server configuration): while it is off, every lending endpoint answers
// 404 LOANS_DISABLED, checked after authentication and before anything else. Nothing is deleted, so
// turning it back on brings every borrower, loan and request back.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';

export const requireLoansEnabled = createMiddleware<AppEnv>(async (c, next) => {
  if (!(await c.get('settings').read()).loansEnabled) throw new ApiError('LOANS_DISABLED');
  await next();
});
