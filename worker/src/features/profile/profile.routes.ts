// The signed-in user's own account: details, email address (confirmed by its inbox), password, avatar.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { okResponse } from '@shared/schemas/common';
import { changePasswordInput, confirmEmailChangeInput, profile, updateProfileInput } from '@shared/schemas/users';
import { AVATAR_MAX_BYTES } from '@shared/constants';
import type { AppEnv, Db } from '@worker/env';
import { createRouter } from '@worker/lib/router';
import { ApiError } from '@worker/lib/api-error';
import { fileUploadBody, uploadLimit } from '@worker/lib/media';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { callerOf, requireUser } from '@worker/middleware/auth';
import { toUser, type UserRow } from '../users/users.queries';
import { clearAvatar, replaceAvatar, requireUserRow, updateUserRow } from '../users/users.service';
import { confirmEmailChange, type EmailContext, pendingEmailOf, removeEmail, requestEmailChange } from './email-change.service';
import { assertCurrentPassword } from './profile.service';

const common = { tags: ['Profile'], security: bearer, middleware: [requireUser] };

const getProfile = createRoute({
  ...common,
  method: 'get',
  path: '/profile',
  summary: 'The signed-in user, with the new email address waiting for confirmation if any',
  responses: { 200: jsonContent(profile, 'The user'), ...errors(401) },
});

const updateProfile = createRoute({
  ...common,
  method: 'patch',
  path: '/profile',
  summary:
    'Change first and last name; a new email address needs the current password and takes effect once confirmed by a link sent to it',
  request: jsonBody(updateProfileInput),
  responses: { 200: jsonContent(profile, 'Updated (pendingEmail: the address the link was sent to)'), ...errors(400, 401, 403, 409, 429) },
});

const confirmEmail = createRoute({
  method: 'post',
  path: '/profile/email/confirm',
  tags: ['Profile'],
  summary: 'Confirm a new email address with the token of the link sent to it (signed in or not)',
  request: jsonBody(confirmEmailChangeInput),
  responses: { 200: jsonContent(okResponse, 'The email address changed'), ...errors(400, 409) },
});

const changePassword = createRoute({
  ...common,
  method: 'post',
  path: '/profile/password',
  summary: "Change the password; revokes the user's other sessions",
  request: jsonBody(changePasswordInput),
  responses: { 200: jsonContent(okResponse, 'Password changed'), ...errors(400, 401, 403, 429) },
});

const uploadAvatar = createRoute({
  ...common,
  method: 'put',
  path: '/profile/avatar',
  summary: 'Upload an avatar (PNG, JPEG, GIF or WebP, at most 2 MB)',
  middleware: [requireUser, uploadLimit(AVATAR_MAX_BYTES)],
  request: fileUploadBody,
  responses: { 200: jsonContent(profile, 'Updated'), ...errors(400, 401, 403, 413, 415) },
});

const removeAvatar = createRoute({
  ...common,
  method: 'delete',
  path: '/profile/avatar',
  summary: 'Remove the avatar',
  responses: { 200: jsonContent(profile, 'Updated'), ...errors(401, 403) },
});

async function toProfile(db: Db, row: UserRow) {
  return { ...toUser(row), pendingEmail: await pendingEmailOf(db, row.id) };
}

function emailContext(c: Context<AppEnv>): EmailContext {
  return {
    env: c.env,
    db: c.get('db'),
    locale: c.get('locale'),
    background: (work) =>
      c.executionCtx.waitUntil(work.catch((error: unknown) => console.error('email failed', c.get('requestId'), String(error)))),
  };
}

export const profileRoutes = createRouter()
  .openapi(getProfile, async (c) => {
    const db = c.get('db');
    return c.json(await toProfile(db, await requireUserRow(db, callerOf(c).id)), 200);
  })
  .openapi(updateProfile, async (c) => {
    const db = c.get('db');
    const { email, currentPassword, ...names } = c.req.valid('json');
    const row = await requireUserRow(db, callerOf(c).id);
    const changingEmail = email !== undefined && email !== row.email;
    if (changingEmail) {
      await assertCurrentPassword(db, row, currentPassword);
      if (email) await requestEmailChange(emailContext(c), row, email);
    }
    let updated = await updateUserRow(db, row, names);
    if (changingEmail && !email) updated = await removeEmail(emailContext(c), updated);
    return c.json(await toProfile(db, updated), 200);
  })
  .openapi(confirmEmail, async (c) => {
    await confirmEmailChange(c.get('db'), c.req.valid('json').token);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(changePassword, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const input = c.req.valid('json');
    if (input.newPassword !== input.confirmation) {
      throw new ApiError('PASSWORDS_NOT_EQUAL', { fields: [{ path: 'confirmation', reason: 'not_equal', message: '' }] });
    }
    const row = await requireUserRow(db, caller.id);
    await assertCurrentPassword(db, row, input.currentPassword);
    await updateUserRow(db, row, { password: input.newPassword }, caller.sessionId);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(uploadAvatar, async (c) => {
    const db = c.get('db');
    const row = await requireUserRow(db, callerOf(c).id);
    const updated = await replaceAvatar(c.env, db, row, {
      contentType: c.req.header('content-type'),
      file: c.req.valid('form').file,
    });
    return c.json(await toProfile(db, updated), 200);
  })
  .openapi(removeAvatar, async (c) => {
    const db = c.get('db');
    const row = await requireUserRow(db, callerOf(c).id);
    return c.json(await toProfile(db, await clearAvatar(c.env, db, row)), 200);
  });
