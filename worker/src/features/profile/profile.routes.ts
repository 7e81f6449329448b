// The signed-in user's own account: details, password, avatar.
import { createRoute } from '@hono/zod-openapi';
import { okResponse } from '../../../../shared/schemas/common';
import { changePasswordInput, updateProfileInput, user } from '../../../../shared/schemas/users';
import { AVATAR_MAX_BYTES } from '../../../../shared/constants';
import { createRouter } from '../../lib/router';
import { ApiError } from '../../lib/api-error';
import { fileUploadBody, uploadLimit } from '../../lib/media';
import { bearer, errors, jsonBody, jsonContent } from '../../lib/openapi';
import { verifyPassword } from '../../lib/password';
import { callerOf, requireUser } from '../../middleware/auth';
import { toUser } from '../users/users.queries';
import { clearAvatar, replaceAvatar, requireUserRow, updateUserRow } from '../users/users.service';

const common = { tags: ['Profile'], security: bearer, middleware: [requireUser] };

const getProfile = createRoute({
  ...common,
  method: 'get',
  path: '/profile',
  summary: 'The signed-in user',
  responses: { 200: jsonContent(user, 'The user'), ...errors(401) },
});

const updateProfile = createRoute({
  ...common,
  method: 'patch',
  path: '/profile',
  summary: 'Change email, first and last name',
  request: jsonBody(updateProfileInput),
  responses: { 200: jsonContent(user, 'Updated'), ...errors(400, 401, 403, 409) },
});

const changePassword = createRoute({
  ...common,
  method: 'post',
  path: '/profile/password',
  summary: "Change the password; revokes the user's other sessions",
  request: jsonBody(changePasswordInput),
  responses: { 200: jsonContent(okResponse, 'Password changed'), ...errors(400, 401, 403) },
});

const uploadAvatar = createRoute({
  ...common,
  method: 'put',
  path: '/profile/avatar',
  summary: 'Upload an avatar (PNG, JPEG, GIF or WebP, at most 2 MB)',
  middleware: [requireUser, uploadLimit(AVATAR_MAX_BYTES)],
  request: fileUploadBody,
  responses: { 200: jsonContent(user, 'Updated'), ...errors(400, 401, 403, 413, 415) },
});

const removeAvatar = createRoute({
  ...common,
  method: 'delete',
  path: '/profile/avatar',
  summary: 'Remove the avatar',
  responses: { 200: jsonContent(user, 'Updated'), ...errors(401, 403) },
});

export const profileRoutes = createRouter()
  .openapi(getProfile, async (c) => {
    const row = await requireUserRow(c.get('db'), callerOf(c).id);
    return c.json(toUser(row), 200);
  })
  .openapi(updateProfile, async (c) => {
    const db = c.get('db');
    const row = await requireUserRow(db, callerOf(c).id);
    const updated = await updateUserRow(db, row, c.req.valid('json'));
    return c.json(toUser(updated), 200);
  })
  .openapi(changePassword, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const input = c.req.valid('json');
    if (input.newPassword !== input.confirmation) {
      throw new ApiError('PASSWORDS_NOT_EQUAL', {
        fields: [{ path: 'confirmation', reason: 'not_equal', message: 'Passwords are not equals!' }],
      });
    }
    const row = await requireUserRow(db, caller.id);
    if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
      throw new ApiError('INVALID_CURRENT_PASSWORD', {
        fields: [{ path: 'currentPassword', reason: 'wrong', message: 'The current password is wrong.' }],
      });
    }
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
    return c.json(toUser(updated), 200);
  })
  .openapi(removeAvatar, async (c) => {
    const db = c.get('db');
    const row = await requireUserRow(db, callerOf(c).id);
    return c.json(toUser(await clearAvatar(c.env, db, row)), 200);
  });
