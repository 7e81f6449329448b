// Resolves the caller from `Authorization: Bearer <token>`: the signature is checked first (no query
// for forged tokens), then one query reads the session row with its user, so revoked sessions,
// expired sessions and disabled users stop working at once.
import { and, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { BUILTIN_ADMIN_USERNAME } from '@shared/constants';
import { sqlNow } from '../db/now';
import { sessions, users } from '../db/schema';
import type { AppEnv, Caller, Db } from '../env';
import { ApiError } from '../lib/api-error';
import { verifySessionToken } from '../lib/tokens';

/** The caller a live session names: null once it is revoked or expired, or its user is disabled. */
export async function sessionCaller(db: Db, claims: { userId: number; sessionId: string }): Promise<Caller | null> {
  const [row] = await db
    .select({ id: users.id, username: users.username, isAdmin: users.isAdmin, enabled: users.enabled })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId), gt(sessions.expiresAt, sqlNow)))
    .limit(1);
  if (!row || !row.enabled) return null;
  return { id: row.id, username: row.username, isAdmin: row.isAdmin, sessionId: claims.sessionId };
}

async function resolveCaller(c: Context<AppEnv>): Promise<Caller | null> {
  const header = c.req.header('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new ApiError('UNAUTHENTICATED');
  const caller = await sessionCaller(c.get('db'), await verifySessionToken(c.env.APP_SECRET, match[1]));
  if (!caller) throw new ApiError('UNAUTHENTICATED');
  return caller;
}

/** Anonymous callers pass; a token that is present must be valid. */
export const optionalUser = createMiddleware<AppEnv>(async (c, next) => {
  c.set('caller', await resolveCaller(c));
  await next();
});

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const caller = await resolveCaller(c);
  if (!caller) throw new ApiError('UNAUTHENTICATED');
  c.set('caller', caller);
  await next();
});

/** The Configuration area belongs to the built-in administrator account (docs/product.md §6). */
export const requireBuiltinAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const caller = await resolveCaller(c);
  if (!caller) throw new ApiError('UNAUTHENTICATED');
  if (caller.username !== BUILTIN_ADMIN_USERNAME) throw new ApiError('FORBIDDEN');
  c.set('caller', caller);
  await next();
});

/** For handlers behind requireUser: the caller is always set there. */
export function callerOf(c: { get(key: 'caller'): Caller | null }): Caller {
  const caller = c.get('caller');
  if (!caller) throw new ApiError('UNAUTHENTICATED');
  return caller;
}
