import { drizzle } from 'drizzle-orm/d1';
import { createMiddleware } from 'hono/factory';
import * as schema from '../db/schema';
import type { AppEnv } from '../env';
import { localeFromHeader } from '../i18n/messages';

/** Puts the per-request services on the context once: DB client, language, request id, demo flag. */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  c.set('db', drizzle(c.env.DB, { schema }));
  c.set('locale', localeFromHeader(c.req.header('content-language')));
  c.set('requestId', c.req.header('cf-ray') ?? crypto.randomUUID());
  c.set('demo', c.env.DEMO_MODE === 'true');
  c.set('caller', null);
  await next();
});
