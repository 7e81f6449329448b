// User administration, for the built-in administrator only (the Configuration area, docs/product.md §6).
import { createRoute } from '@hono/zod-openapi';
import { AVATAR_MAX_BYTES, BUILTIN_ADMIN_USERNAME } from '@shared/constants';
import { idParam } from '@shared/schemas/common';
import { createUserInput, deleteUserInfo, updateUserInput, user, userList } from '@shared/schemas/users';
import { createRouter } from '@worker/lib/router';
import { ApiError } from '@worker/lib/api-error';
import { fileUploadBody, uploadLimit } from '@worker/lib/media';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { callerOf, requireBuiltinAdmin } from '@worker/middleware/auth';
import { countCollectionsOf, listUsers, toUser } from './users.queries';
import { assertNoConflicts, clearAvatar, deleteUser, insertUser, replaceAvatar, requireUserRow, updateUserRow } from './users.service';

const common = { tags: ['Users'], security: bearer, middleware: [requireBuiltinAdmin] };
const byId = { params: idParam };

const list = createRoute({
  ...common,
  method: 'get',
  path: '/users',
  summary: 'All users',
  responses: { 200: jsonContent(userList, 'The users'), ...errors(401, 403) },
});

const create = createRoute({
  ...common,
  method: 'post',
  path: '/users',
  summary: 'Create a user',
  request: jsonBody(createUserInput),
  responses: { 201: jsonContent(user, 'Created'), ...errors(400, 401, 403, 409) },
});

const read = createRoute({
  ...common,
  method: 'get',
  path: '/users/{id}',
  summary: 'One user',
  request: byId,
  responses: { 200: jsonContent(user, 'The user'), ...errors(400, 401, 403, 404) },
});

const update = createRoute({
  ...common,
  method: 'patch',
  path: '/users/{id}',
  summary: 'Change a user; a new password or disabling revokes the user’s sessions',
  request: { ...byId, ...jsonBody(updateUserInput) },
  responses: { 200: jsonContent(user, 'Updated'), ...errors(400, 401, 403, 404, 409) },
});

const deletion = createRoute({
  ...common,
  method: 'get',
  path: '/users/{id}/deletion',
  summary: 'What deleting the user also deletes (shown before confirming)',
  request: byId,
  responses: { 200: jsonContent(deleteUserInfo, 'Consequences'), ...errors(400, 401, 403, 404) },
});

const remove = createRoute({
  ...common,
  method: 'delete',
  path: '/users/{id}',
  summary: 'Delete a user and all of their collections',
  request: byId,
  responses: { 204: { description: 'Deleted' }, ...errors(400, 401, 403, 404) },
});

const uploadAvatar = createRoute({
  ...common,
  method: 'put',
  path: '/users/{id}/avatar',
  summary: "Upload a user's avatar",
  middleware: [requireBuiltinAdmin, uploadLimit(AVATAR_MAX_BYTES)],
  request: { ...byId, ...fileUploadBody },
  responses: { 200: jsonContent(user, 'Updated'), ...errors(400, 401, 403, 404, 413, 415) },
});

const removeAvatar = createRoute({
  ...common,
  method: 'delete',
  path: '/users/{id}/avatar',
  summary: "Remove a user's avatar",
  request: byId,
  responses: { 200: jsonContent(user, 'Updated'), ...errors(400, 401, 403, 404) },
});

function assertNotSelf(callerId: number, targetId: number) {
  if (callerId === targetId) throw new ApiError('CANNOT_CHANGE_SELF');
}

export const usersRoutes = createRouter()
  .openapi(list, async (c) => {
    const rows = await listUsers(c.get('db'));
    return c.json({ users: rows.map(toUser) }, 200);
  })
  .openapi(create, async (c) => {
    const db = c.get('db');
    const input = c.req.valid('json');
    await assertNoConflicts(db, { username: input.username, email: input.email });
    const row = await insertUser(db, input);
    return c.json(toUser(row), 201);
  })
  .openapi(read, async (c) => {
    const row = await requireUserRow(c.get('db'), c.req.valid('param').id);
    return c.json(toUser(row), 200);
  })
  .openapi(update, async (c) => {
    const db = c.get('db');
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const row = await requireUserRow(db, id);
    // Only the built-in administrator reaches these routes, so its own record is the one it may not
    // disable or rename (the Configuration area is tied to the name).
    if (row.username === BUILTIN_ADMIN_USERNAME) {
      const renamed = input.username !== undefined && input.username !== row.username;
      if (input.enabled === false || renamed) throw new ApiError('CANNOT_CHANGE_SELF');
    }
    // Others' accounts are the administrator's to change; its own password and address need the current
    // password like anyone's, or a stolen session could take the account over through them.
    const own = id === callerOf(c).id;
    if (own && (input.password || (input.email !== undefined && input.email !== row.email))) {
      throw new ApiError('CHANGE_IN_PROFILE');
    }
    const updated = await updateUserRow(db, row, input, own ? callerOf(c).sessionId : undefined);
    return c.json(toUser(updated), 200);
  })
  .openapi(deletion, async (c) => {
    const db = c.get('db');
    const row = await requireUserRow(db, c.req.valid('param').id);
    return c.json({ collectionCount: await countCollectionsOf(db, row.id) }, 200);
  })
  .openapi(remove, async (c) => {
    const db = c.get('db');
    const { id } = c.req.valid('param');
    assertNotSelf(callerOf(c).id, id);
    await deleteUser(c.env, db, await requireUserRow(db, id));
    return c.body(null, 204);
  })
  .openapi(uploadAvatar, async (c) => {
    const db = c.get('db');
    const row = await requireUserRow(db, c.req.valid('param').id);
    const updated = await replaceAvatar(c.env, db, row, {
      contentType: c.req.header('content-type'),
      file: c.req.valid('form').file,
    });
    return c.json(toUser(updated), 200);
  })
  .openapi(removeAvatar, async (c) => {
    const db = c.get('db');
    const row = await requireUserRow(db, c.req.valid('param').id);
    return c.json(toUser(await clearAvatar(c.env, db, row)), 200);
  });
