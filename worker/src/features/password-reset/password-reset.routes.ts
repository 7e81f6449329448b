// Forgotten passwords: a single-use link, valid two hours, sent by email. The request always answers
// the same way so it does not reveal which accounts exist.
import { createRoute } from '@hono/zod-openapi';
import { passwordResetCheckInput, passwordResetConfirmInput, passwordResetRequestInput } from '@shared/schemas/auth';
import { okResponse } from '@shared/schemas/common';
import { createRouter } from '@worker/lib/router';
import { ApiError } from '@worker/lib/api-error';
import { errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { hashPassword } from '@worker/lib/password';
import { clientAddress, countAttempt, throttle } from '@worker/lib/rate-limit';
import { randomToken } from '@worker/lib/tokens';
import { clearSignInLimitsOf } from '../auth/auth.service';
import { rememberClient, setDeviceCookie, signInClientOf } from '../auth/known-clients.service';
import { cancelEmailChanges, findUserByLogin } from '../users/users.queries';
import { sendPasswordResetEmail } from './password-reset.email';
import { recordResetLink, resetPassword, usableReset } from './password-reset.service';

const LINK_LIFETIME_MS = 2 * 60 * 60 * 1000;
const REQUESTS_PER_ADDRESS = 10;
const REQUESTS_PER_ACCOUNT = 3;
const HOUR = 3600;

const requestReset = createRoute({
  method: 'post',
  path: '/password-reset',
  tags: ['Session'],
  summary: 'Ask for a password reset link by username or email',
  request: jsonBody(passwordResetRequestInput),
  responses: {
    202: jsonContent(okResponse, 'Accepted: a link is sent if an account with an email matches'),
    ...errors(400, 429),
  },
});

const confirmReset = createRoute({
  method: 'post',
  path: '/password-reset/confirm',
  tags: ['Session'],
  summary: 'Set a new password with a reset link token; revokes every session of the user',
  request: jsonBody(passwordResetConfirmInput),
  responses: { 200: jsonContent(okResponse, 'Password changed'), ...errors(400) },
});

const checkReset = createRoute({
  method: 'post',
  path: '/password-reset/check',
  tags: ['Session'],
  summary: 'Tell whether a reset link token can still be used, without using it',
  request: jsonBody(passwordResetCheckInput),
  responses: { 200: jsonContent(okResponse, 'The link can be used'), ...errors(400) },
});

export const passwordResetRoutes = createRouter()
  .openapi(requestReset, async (c) => {
    const db = c.get('db');
    const addressLimit = {
      key: `reset:address:${clientAddress(c.req.raw.headers)}`,
      max: REQUESTS_PER_ADDRESS,
      windowSeconds: HOUR,
    };
    await throttle(db, [addressLimit]);

    const { login } = c.req.valid('json');
    const user = await findUserByLogin(db, login);
    if (user?.enabled && user.email) {
      const userLimit = { key: `reset:user:${user.id}`, max: REQUESTS_PER_ACCOUNT, windowSeconds: HOUR };
      // Past the per-account limit the answer stays the same; only the email is not sent again.
      const [counted] = await countAttempt(db, userLimit);
      if (counted && counted.count <= userLimit.max) {
        const token = randomToken();
        await recordResetLink(db, user.id, token, LINK_LIFETIME_MS / 1000);
        // Sent after the answer so that its duration does not tell whether the account exists.
        c.executionCtx.waitUntil(
          sendPasswordResetEmail(c.env, c.get('locale'), user, token).catch((error: unknown) =>
            console.error('password reset email failed', c.get('requestId'), String(error)),
          ),
        );
      }
    }
    return c.json({ ok: true as const }, 202);
  })
  .openapi(confirmReset, async (c) => {
    const db = c.get('db');
    const input = c.req.valid('json');
    if (input.password !== input.confirmation) {
      throw new ApiError('PASSWORDS_NOT_EQUAL', {
        fields: [{ path: 'confirmation', reason: 'not_equal', message: '' }],
      });
    }
    const reset = await usableReset(db, input.token);
    if (!reset) throw new ApiError('RESET_TOKEN_INVALID');
    // Whoever holds the emailed link is the owner: this device and address become known, so the owner
    // signs in from here even while a crowd of other addresses keeps the account slowed.
    const client = await signInClientOf(c, clientAddress(c.req.raw.headers));
    const remembered = await rememberClient(db, reset.userId, client);

    await db.batch([
      ...resetPassword(db, reset.userId, await hashPassword(input.password)),
      // Whoever asked for a change of address knew the old password: that request dies with it.
      cancelEmailChanges(db, reset.userId),
      ...clearSignInLimitsOf(db, reset.userId),
      ...remembered.statements,
    ]);
    setDeviceCookie(c, remembered.device);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(checkReset, async (c) => {
    const { token } = c.req.valid('json');
    // A link is a random 43-character token: anything much shorter cannot be one.
    if (token.length < 20 || !(await usableReset(c.get('db'), token))) throw new ApiError('RESET_TOKEN_INVALID');
    return c.json({ ok: true as const }, 200);
  });
