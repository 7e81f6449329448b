// Sharing a collection: its owner and co-owners list, add, change and remove the people it is shared with.
import { createRoute } from '@hono/zod-openapi';
import { idParam } from '@shared/schemas/common';
import { invitation } from '@shared/schemas/invitations';
import { addMemberInput, member, memberList, memberParams, updateMemberInput } from '@shared/schemas/members';
import { ApiError } from '@worker/lib/api-error';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { createRouter } from '@worker/lib/router';
import { callerOf, requireUser } from '@worker/middleware/auth';
import { requireCollectionRole, requireVisibleCollection } from './collections.queries';
import { inviteByEmail } from './invitations.service';
import { deleteMember, findMember, findUserByLogin, insertMember, listMembers, updateMemberRole } from './members.queries';

const tags = ['Sharing'];

const list = createRoute({
  method: 'get',
  path: '/collections/{id}/members',
  tags,
  security: bearer,
  summary: 'The people the collection is shared with (owner and co-owners)',
  middleware: [requireUser],
  request: { params: idParam },
  responses: { 200: jsonContent(memberList, 'Members'), ...errors(400, 401, 403, 404) },
});

const add = createRoute({
  method: 'post',
  path: '/collections/{id}/members',
  tags,
  security: bearer,
  summary: 'Share the collection with a user, by username or email address, with a role',
  description:
    'An email address no account has gets an invitation (202) when the administrator allows invitations by email; otherwise it is refused with SHARE_USER_UNKNOWN.',
  middleware: [requireUser],
  request: { params: idParam, ...jsonBody(addMemberInput) },
  responses: {
    201: jsonContent(member, 'Added'),
    202: jsonContent(invitation, 'Invited by email: the person has no account yet'),
    ...errors(400, 401, 403, 404, 409, 429),
  },
});

const change = createRoute({
  method: 'patch',
  path: '/collections/{id}/members/{userId}',
  tags,
  security: bearer,
  summary: 'Change the role of a person the collection is shared with',
  middleware: [requireUser],
  request: { params: memberParams, ...jsonBody(updateMemberInput) },
  responses: { 200: jsonContent(member, 'Changed'), ...errors(400, 401, 403, 404, 409) },
});

const remove = createRoute({
  method: 'delete',
  path: '/collections/{id}/members/{userId}',
  tags,
  security: bearer,
  summary: 'Stop sharing the collection with a person (members may also leave it themselves)',
  middleware: [requireUser],
  request: { params: memberParams },
  responses: { 204: { description: 'Removed' }, ...errors(400, 401, 403, 404, 409) },
});

/** The owner is never a member row, and nobody changes their own place: both answered before any write. */
function refuseOwnerOrSelf(ownerId: number, callerId: number, userId: number) {
  if (userId === callerId) throw new ApiError('SHARE_WITH_SELF');
  if (userId === ownerId) throw new ApiError('SHARE_WITH_OWNER');
}

export const membersRoutes = createRouter()
  .openapi(list, async (c) => {
    const found = await requireCollectionRole(c.get('db'), callerOf(c), c.req.valid('param').id, 'co_owner');
    return c.json({ members: await listMembers(c.get('db'), found.collection.id) }, 200);
  })
  .openapi(add, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const found = await requireCollectionRole(db, caller, c.req.valid('param').id, 'co_owner');
    const { login, role } = c.req.valid('json');
    const user = await findUserByLogin(db, login);
    if (!user) return c.json(await inviteByEmail(c, found.collection, login, role), 202);
    refuseOwnerOrSelf(found.collection.ownerId, caller.id, user.id);
    await insertMember(db, found.collection.id, user.id, role);
    return c.json((await findMember(db, found.collection.id, user.id))!, 201);
  })
  .openapi(change, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const { id, userId } = c.req.valid('param');
    const found = await requireCollectionRole(db, caller, id, 'co_owner');
    refuseOwnerOrSelf(found.collection.ownerId, caller.id, userId);
    await updateMemberRole(db, found.collection.id, userId, c.req.valid('json').role);
    return c.json((await findMember(db, found.collection.id, userId))!, 200);
  })
  .openapi(remove, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const { id, userId } = c.req.valid('param');
    // A member may leave on their own; removing someone else takes a co-owner.
    const leaving = userId === caller.id;
    const found = leaving ? await requireVisibleCollection(db, caller, id) : await requireCollectionRole(db, caller, id, 'co_owner');
    if (userId === found.collection.ownerId) throw new ApiError('SHARE_WITH_OWNER');
    await deleteMember(db, found.collection.id, userId);
    return c.body(null, 204);
  });
