// Waiting lists (docs/product.md "Loans": holds): joining one when no copy is left (open to whoever the
// item's "who can borrow" allows, rate limited, with the honeypot), answering an offer by its private
// link, and the owner's queue (read, reorder, remove). Every route answers 404 LOANS_DISABLED while
// "Enable loans" is off, and writes are refused in demo mode by the global guard.
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { BORROW_HONEYPOT_FIELD } from '@shared/lending';
import { idParam, okResponse } from '@shared/schemas/common';
import { holdAnswer, holdInput, holdMove, holdOffer, holdOfferToken, itemHolds, ownerHolds } from '@shared/schemas/holds';
import type { AppEnv } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { ownerNameIn } from '@worker/lib/person-name';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { throttle } from '@worker/lib/rate-limit';
import { createRouter } from '@worker/lib/router';
import { callerOf, optionalUser, requireUser } from '@worker/middleware/auth';
import { findCollection, requireCollectionRole } from '../collections/collections.queries';
import { loadItem } from '../items/items.queries';
import { requestableItem, statusLimit, throttleAsks } from './borrow-gate';
import { notifyOfferTaken } from './borrow-requests.service';
import { sendHoldAccepted, sendHoldJoined } from './hold-emails';
import { activeHoldsOfItem, activeHoldsOfOwner, findHold, holdTitles, toHolds } from './holds.queries';
import { acceptOffer, declineOffer, joinHold, moveHold, offerFreedCopies, removeHold, requireOffer } from './holds.service';
import { requireLoansEnabled } from './lending.gate';

const itemParam = z.object({ id: z.coerce.number().int().positive(), iid: z.coerce.number().int().positive() });
const owner = { tags: ['Loans'], security: bearer, middleware: [requireUser, requireLoansEnabled] };
const link = { tags: ['Loans'], middleware: [requireLoansEnabled] };

const join = createRoute({
  tags: ['Loans'],
  method: 'post',
  path: '/collections/{id}/items/{iid}/holds',
  summary: 'Join the waiting list of an item with no copy left (anyone its "who can borrow" allows)',
  security: [...bearer, {}],
  middleware: [optionalUser, requireLoansEnabled],
  request: { params: itemParam, ...jsonBody(holdInput) },
  responses: { 201: jsonContent(okResponse, 'Joined'), ...errors(400, 403, 404, 409, 429) },
});
const listOfItem = createRoute({
  ...owner,
  method: 'get',
  path: '/collections/{id}/items/{iid}/holds',
  summary: 'The waiting list of an item, the person offered a copy first (owner and editors)',
  request: { params: itemParam },
  responses: { 200: jsonContent(itemHolds, 'The queue'), ...errors(400, 401, 403, 404) },
});
const listOfOwner = createRoute({
  ...owner,
  method: 'get',
  path: '/lending/holds',
  summary: 'Every waiting list of the caller’s items',
  responses: { 200: jsonContent(ownerHolds, 'The queues'), ...errors(401, 404) },
});
const move = createRoute({
  ...owner,
  method: 'post',
  path: '/holds/{id}/move/{direction}',
  summary: 'Move a waiting person one place up or down',
  request: { params: idParam.extend({ direction: holdMove }) },
  responses: { 200: jsonContent(itemHolds, 'The queue after the move'), ...errors(400, 401, 403, 404, 409) },
});
const remove = createRoute({
  ...owner,
  method: 'delete',
  path: '/holds/{id}',
  summary: 'Take someone out of a waiting list (an offered copy goes to the next)',
  request: { params: idParam },
  responses: { 200: jsonContent(itemHolds, 'The queue after it'), ...errors(400, 401, 403, 404, 409) },
});
const readOffer = createRoute({
  ...link,
  method: 'post',
  path: '/holds/offer',
  summary: 'An offer of a copy, from its private link’s token',
  request: jsonBody(holdOfferToken),
  responses: { 200: jsonContent(holdOffer, 'The offer'), ...errors(400, 404, 429) },
});
const answerOffer = createRoute({
  ...link,
  method: 'post',
  path: '/holds/offer/{answer}',
  summary: 'Accept (it becomes an accepted borrow request) or decline an offer',
  request: { params: z.object({ answer: holdAnswer }), ...jsonBody(holdOfferToken) },
  responses: { 200: jsonContent(holdOffer, 'The offer after the answer'), ...errors(400, 403, 404, 429) },
});

/** Emails go after the answer; a failure is logged, never the caller's problem. */
function later(c: Context<AppEnv>, what: string, work: Promise<unknown>) {
  c.executionCtx.waitUntil(work.catch((error: unknown) => console.error(`${what} email failed`, c.get('requestId'), String(error))));
}

/** The owner of a hold's collection, for a caller who owns it or edits it (a viewer: 403, anyone else: 404). */
async function holdFor(c: Context<AppEnv>, id: number) {
  const caller = callerOf(c);
  const hold = await findHold(c.get('d1'), id);
  if (!hold) throw new ApiError('NOT_FOUND');
  if (hold.owner_id === caller.id) return hold;
  const found = await findCollection(c.get('db'), hold.collection_id, caller);
  if (!found?.role) throw new ApiError('NOT_FOUND');
  await requireCollectionRole(c.get('db'), caller, hold.collection_id, 'editor');
  return hold;
}

async function queueOf(c: Context<AppEnv>, itemId: number) {
  return { holds: await toHolds(c.get('db'), await activeHoldsOfItem(c.get('d1'), itemId)) };
}

async function offerView(c: Context<AppEnv>, token: string) {
  const hold = await requireOffer(c.get('d1'), token);
  const title = await holdTitles(c.get('db'), [hold], 'public');
  return {
    title: title(hold),
    ownerName: ownerNameIn(c.get('locale'), hold.owner_name),
    state: hold.state,
    offerExpiresAt: hold.offer_expires_at,
  };
}

export const holdRoutes = createRouter()
  .openapi(join, async (c) => {
    const db = c.get('db');
    const { id, iid } = c.req.valid('param');
    const input = c.req.valid('json');
    // The same gate and allowance as asking to borrow: what browsing does not show cannot be waited for.
    const { found, item } = await requestableItem(c, id, iid);
    await throttleAsks(c, item.id);
    if (input[BORROW_HONEYPOT_FIELD]) return c.json({ ok: true as const }, 201);
    const holdId = await joinHold(c.get('d1'), { id: item.id, ownerId: found.collection.ownerId }, input, c.get('locale'));
    const hold = await findHold(c.get('d1'), holdId);
    later(c, 'hold joined', sendHoldJoined(c.env, db, hold!));
    return c.json({ ok: true as const }, 201);
  })
  .openapi(listOfItem, async (c) => {
    const { id, iid } = c.req.valid('param');
    const found = await requireCollectionRole(c.get('db'), callerOf(c), id, 'editor');
    const item = await loadItem(c.get('d1'), found.collection.id, iid);
    if (!item) throw new ApiError('NOT_FOUND');
    return c.json(await queueOf(c, item.id), 200);
  })
  .openapi(listOfOwner, async (c) =>
    c.json({ holds: await toHolds(c.get('db'), await activeHoldsOfOwner(c.get('d1'), callerOf(c).id)) }, 200),
  )
  .openapi(move, async (c) => {
    const { id, direction } = c.req.valid('param');
    const hold = await holdFor(c, id);
    await moveHold(c.get('d1'), hold.owner_id, id, direction);
    return c.json(await queueOf(c, hold.item_id), 200);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('param');
    const hold = await holdFor(c, id);
    const removed = await removeHold(c.get('d1'), id, { ownerId: hold.owner_id });
    if (removed.wasOffered) await offerFreedCopies(c, [removed.itemId]);
    return c.json(await queueOf(c, hold.item_id), 200);
  })
  .openapi(readOffer, async (c) => {
    await throttle(c.get('db'), [statusLimit('hold-offer', c.req.raw.headers)]);
    return c.json(await offerView(c, c.req.valid('json').token), 200);
  })
  .openapi(answerOffer, async (c) => {
    await throttle(c.get('db'), [statusLimit('hold-offer', c.req.raw.headers)]);
    const { token } = c.req.valid('json');
    if (c.req.valid('param').answer === 'accept') {
      const { hold, statusToken } = await acceptOffer(c.get('d1'), token);
      later(
        c,
        'hold accepted',
        Promise.all([
          sendHoldAccepted(c.env, c.get('db'), hold, statusToken),
          hold.loan_id === null ? null : notifyOfferTaken(c.env, c.get('db'), c.get('d1'), hold.loan_id),
        ]),
      );
    } else {
      const hold = await declineOffer(c.get('d1'), token);
      await offerFreedCopies(c, [hold.item_id]);
    }
    return c.json(await offerView(c, token), 200);
  });
