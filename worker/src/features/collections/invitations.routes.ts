// Invitations by email to a shared collection: its owner and co-owners list and revoke the pending ones
// (they are sent from the members' add); whoever holds a link reads it and signs up with it.
import { createRoute } from '@hono/zod-openapi';
import { idParam } from '@shared/schemas/common';
import {
  acceptInvitationInput,
  invitationAccepted,
  invitationList,
  invitationParams,
  invitationSecretParam,
  invitationView,
} from '@shared/schemas/invitations';
import { ApiError } from '@worker/lib/api-error';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { createRouter } from '@worker/lib/router';
import { callerOf, requireUser } from '@worker/middleware/auth';
import { requireCollectionRole } from './collections.queries';
import { listPendingInvitations, revokeInvitation } from './invitations.queries';
import { acceptInvitation, viewInvitation } from './invitations.service';

const tags = ['Sharing'];

const list = createRoute({
  method: 'get',
  path: '/collections/{id}/invitations',
  tags,
  security: bearer,
  summary: 'Pending invitations by email to the collection (owner and co-owners)',
  middleware: [requireUser],
  request: { params: idParam },
  responses: { 200: jsonContent(invitationList, 'Pending invitations'), ...errors(400, 401, 403, 404) },
});

const revoke = createRoute({
  method: 'delete',
  path: '/collections/{id}/invitations/{invitationId}',
  tags,
  security: bearer,
  summary: 'Withdraw a pending invitation: its link stops working',
  middleware: [requireUser],
  request: { params: invitationParams },
  responses: { 204: { description: 'Revoked' }, ...errors(400, 401, 403, 404) },
});

const view = createRoute({
  method: 'get',
  path: '/invitations/{secret}',
  tags,
  summary: 'What an invitation link offers: who invites to which collection, with which role',
  request: { params: invitationSecretParam },
  responses: { 200: jsonContent(invitationView, 'The invitation'), ...errors(400, 404, 429) },
});

const accept = createRoute({
  method: 'post',
  path: '/invitations/{secret}',
  tags,
  summary: 'Accept an invitation: creates the account, joins the collection and signs in',
  request: { params: invitationSecretParam, ...jsonBody(acceptInvitationInput) },
  responses: { 201: jsonContent(invitationAccepted, 'Signed in as the new account'), ...errors(400, 404, 409, 429) },
});

export const invitationsRoutes = createRouter()
  .openapi(list, async (c) => {
    const db = c.get('db');
    const found = await requireCollectionRole(db, callerOf(c), c.req.valid('param').id, 'co_owner');
    const allowed = (await c.get('settings').read()).invitationsEnabled;
    return c.json({ allowed, invitations: await listPendingInvitations(db, found.collection.id) }, 200);
  })
  .openapi(revoke, async (c) => {
    const { id, invitationId } = c.req.valid('param');
    const found = await requireCollectionRole(c.get('db'), callerOf(c), id, 'co_owner');
    if (!(await revokeInvitation(c.get('db'), found.collection.id, invitationId))) throw new ApiError('NOT_FOUND');
    return c.body(null, 204);
  })
  .openapi(view, async (c) => c.json(await viewInvitation(c, c.req.valid('param').secret), 200))
  .openapi(accept, async (c) => c.json(await acceptInvitation(c, c.req.valid('param').secret, c.req.valid('json')), 201));
