// Sign in (POST /token) and sign out (DELETE /token).
import { createRoute } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { signInInput, tokenResponse } from '../../../../shared/schemas/auth';
import { sessions } from '../../db/schema';
import { createRouter } from '../../lib/router';
import { ApiError } from '../../lib/api-error';
import { bearer, errors, jsonBody, jsonContent } from '../../lib/openapi';
import { decoyPasswordHash, verifyPassword } from '../../lib/password';
import { clearAttempts, clientAddress, recordAttempt, retryAfter, type Limit } from '../../lib/rate-limit';
import { randomToken, SESSION_DAYS, signSessionToken } from '../../lib/tokens';
import { callerOf, requireUser } from '../../middleware/auth';
import { findUserByLogin } from '../users/users.queries';

/** Failures allowed per account and per client address in a 15-minute window. */
const ACCOUNT_FAILURES = 5;
const ADDRESS_FAILURES = 30;
const WINDOW_SECONDS = 15 * 60;

export const accountLimit = (key: string): Limit => ({
  key: `login:account:${key}`,
  max: ACCOUNT_FAILURES,
  windowSeconds: WINDOW_SECONDS,
});

const signIn = createRoute({
  method: 'post',
  path: '/token',
  tags: ['Session'],
  summary: 'Sign in with a username or email and a password',
  request: jsonBody(signInInput),
  responses: {
    200: jsonContent(tokenResponse, 'Signed in: a bearer token and the user'),
    ...errors(400, 401, 403, 429),
  },
});

const signOut = createRoute({
  method: 'delete',
  path: '/token',
  tags: ['Session'],
  summary: 'Sign out: revokes the session of the token',
  security: bearer,
  middleware: [requireUser],
  responses: { 204: { description: 'Signed out' }, ...errors(401) },
});

export const authRoutes = createRouter()
  .openapi(signIn, async (c) => {
    const db = c.get('db');
    const { login, password } = c.req.valid('json');
    const user = await findUserByLogin(db, login);
    const limits = [
      accountLimit(user ? `user:${user.id}` : `name:${login.toLowerCase()}`),
      { key: `login:address:${clientAddress(c.req.raw.headers)}`, max: ADDRESS_FAILURES, windowSeconds: WINDOW_SECONDS },
    ];
    const wait = await retryAfter(db, limits);
    if (wait > 0) throw new ApiError('TOO_MANY_REQUESTS', { retryAfter: wait });

    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
    if (!user || !valid) {
      await db.batch([recordAttempt(db, limits[0]!), recordAttempt(db, limits[1]!)]);
      throw new ApiError('LOGIN_FAILED');
    }
    if (!user.enabled) throw new ApiError('ACCOUNT_DISABLED');

    const sessionId = randomToken();
    const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
    await db.batch([
      db.insert(sessions).values({ id: sessionId, userId: user.id, expiresAt: expiresAt.toISOString() }),
      clearAttempts(db, limits[0]!.key),
    ]);
    const token = await signSessionToken(c.env.APP_SECRET, { userId: user.id, sessionId, expiresAt });
    return c.json(
      { token, user: { id: user.id, username: user.username, readOnly: c.get('demo') } },
      200,
    );
  })
  .openapi(signOut, async (c) => {
    const caller = callerOf(c);
    await c
      .get('db')
      .delete(sessions)
      .where(and(eq(sessions.id, caller.sessionId), eq(sessions.userId, caller.id)));
    return c.body(null, 204);
  });
