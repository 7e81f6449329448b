// Sign in (POST /token) and sign out (DELETE /token).
import { createRoute } from '@hono/zod-openapi';
import { DEMO_CREDENTIALS } from '@shared/constants';
import { signInInput, tokenResponse } from '@shared/schemas/auth';
import { createRouter } from '@worker/lib/router';
import { ApiError } from '@worker/lib/api-error';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { decoyPasswordHash, verifyPassword } from '@worker/lib/password';
import { clearAttempts, clientAddress, refundAttempt, slowDown, throttle } from '@worker/lib/rate-limit';
import { randomToken, SESSION_DAYS, signSessionToken } from '@worker/lib/tokens';
import { callerOf, requireUser } from '@worker/middleware/auth';
import { findUserByLogin, type UserRow } from '../users/users.queries';
import { signInLimits } from './auth.service';
import { isKnownClient, rememberClient, setDeviceCookie, signInClientOf } from './known-clients.service';
import { closeSession, openSession } from './sessions.service';

/**
 * Every failure answers LOGIN_FAILED, a disabled account included: answering otherwise only to the right
 * password would confirm a guessed password. The web sign-in form says that a disabled account fails too.
 */
function maySignIn(user: UserRow | undefined, passwordValid: boolean, password: string, demo: boolean): user is UserRow {
  if (!user || !passwordValid || !user.enabled) return false;
  // The demo account's password is public: outside demo mode it must not open a session, even if re-enabled.
  const publicDemo = user.username.toLowerCase() === DEMO_CREDENTIALS.username && password === DEMO_CREDENTIALS.password;
  return demo || !publicDemo;
}

const signIn = createRoute({
  method: 'post',
  path: '/token',
  tags: ['Session'],
  summary: 'Sign in with a username or email and a password',
  request: jsonBody(signInInput),
  responses: {
    200: {
      ...jsonContent(tokenResponse, 'Signed in: a bearer token and the user'),
      headers: {
        'Set-Cookie': {
          description:
            'vitrine_device: this device, for the sign-in path only (HttpOnly, SameSite=Strict). Sent back with the next sign-in, it lets the right password in while the account is being slowed by guesses from other addresses.',
          schema: { type: 'string' as const },
        },
      },
    },
    ...errors(400, 401, 429),
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
    const address = clientAddress(c.req.raw.headers);
    const limits = signInLimits(user ? `user:${user.id}` : `name:${login.toLowerCase()}`, address);
    const client = await signInClientOf(c, address);
    // Counted before the password is checked, so parallel guesses cannot outrun the limits. The account-wide
    // slowing is for strangers only: a client that signed in before is held by its own limits alone.
    await throttle(db, [limits.pair, limits.address]);
    const known = user !== undefined && (await isKnownClient(db, user.id, client));
    if (!known) await slowDown(db, limits.account);

    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
    if (!maySignIn(user, valid, password, c.get('demo'))) throw new ApiError('LOGIN_FAILED');

    const sessionId = randomToken();
    const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
    const remembered = await rememberClient(db, user.id, client);
    await db.batch([
      ...openSession(db, { id: sessionId, userId: user.id, locale: c.get('locale') }),
      clearAttempts(db, limits.pair.key),
      refundAttempt(db, limits.address.key),
      // A known client's attempt was not counted against the account, so it takes nothing back.
      ...(known ? [] : [refundAttempt(db, limits.account.key)]),
      ...remembered.statements,
    ]);
    setDeviceCookie(c, remembered.device);
    const token = await signSessionToken(c.env.APP_SECRET, { userId: user.id, sessionId, expiresAt });
    return c.json({ token, user: { id: user.id, username: user.username, readOnly: c.get('demo') } }, 200);
  })
  .openapi(signOut, async (c) => {
    const caller = callerOf(c);
    await closeSession(c.get('db'), caller.sessionId, caller.id);
    return c.body(null, 204);
  });
