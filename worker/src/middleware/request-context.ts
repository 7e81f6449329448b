import { drizzle } from 'drizzle-orm/d1';
import { createMiddleware } from 'hono/factory';
import * as schema from '../db/schema';
import type { AppEnv } from '../env';
import { settingsReader } from '../features/settings/settings.service';
import { localeFromHeader } from '../i18n/messages';
import { type D1Metrics, meteredD1 } from '../lib/d1-metrics';
import { sharedReadsOf } from '../lib/shared-reads';

/**
 * Puts the per-request services on the context once: DB client, language, request id, demo flag, and a
 * settings reader that costs nothing until a handler asks for them.
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  // A request a rendered page makes in-process reads through the page's shared reads (metered there).
  const shared = sharedReadsOf(c.req.raw);
  // Only requests that ask for it are metered, so timed requests run exactly as in production.
  const measure = !shared && c.env.EXPOSE_D1_METRICS === 'true' && c.req.header('x-measure-d1') === '1';
  const metrics: D1Metrics | null = measure ? { queries: 0, rowsRead: 0, rowsWritten: 0, roundTrips: 0, statements: [] } : null;
  const d1 = shared ?? (metrics ? meteredD1(c.env.DB, metrics) : c.env.DB);
  c.set('d1', d1);
  c.set('d1Metrics', metrics);
  const db = drizzle(d1, { schema });
  c.set('db', db);
  c.set('locale', localeFromHeader(c.req.header('content-language')));
  c.set('requestId', c.req.header('cf-ray') ?? crypto.randomUUID());
  c.set('demo', c.env.DEMO_MODE === 'true');
  c.set('caller', null);
  c.set('settings', settingsReader(c.env.DB, db));
  await next();
  if (metrics) {
    c.res.headers.set('X-D1-Queries', String(metrics.queries));
    c.res.headers.set('X-D1-Rows-Read', String(metrics.rowsRead));
    c.res.headers.set('X-D1-Rows-Written', String(metrics.rowsWritten));
    c.res.headers.set('X-D1-Round-Trips', String(metrics.roundTrips));
    c.res.headers.set('X-D1-Statements', encodeURIComponent(JSON.stringify(metrics.statements)));
  }
});
