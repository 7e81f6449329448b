// Asking to borrow (docs/product.md §2 "Borrow request"), open to whoever the item's "who can borrow" allows, and
// the requester's private status link. Anonymous requests are rate limited per address and per item and
// carry a honeypot; the answer is the same whether or not the email was known.
import { createRoute, z } from '@hono/zod-openapi';
import { BORROW_HONEYPOT_FIELD } from '@shared/lending';
import { okResponse } from '@shared/schemas/common';
import { borrowRequestInput, borrowRequestSent, borrowRequestStatus, borrowRequestToken } from '@shared/schemas/lending';
import { ApiError } from '@worker/lib/api-error';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { throttle } from '@worker/lib/rate-limit';
import { createRouter } from '@worker/lib/router';
import { optionalUser } from '@worker/middleware/auth';
import { requestableItem, statusLimit, throttleAsks } from './borrow-gate';
import { borrowRequestStatus as statusOf, cancelBorrowRequest, createBorrowRequest, sendRequestEmails } from './borrow-requests.service';
import { requireLoansEnabled } from './lending.gate';
import { checkDates } from './loans.service';
import { checkReservation, itemCalendar } from './reservations.service';

const itemParam = z.object({ id: z.coerce.number().int().positive(), iid: z.coerce.number().int().positive() });

const ask = createRoute({
  tags: ['Loans'],
  method: 'post',
  path: '/collections/{id}/items/{iid}/borrow',
  summary: 'Ask to borrow an item (anyone its "who can borrow" allows)',
  security: [...bearer, {}],
  middleware: [optionalUser, requireLoansEnabled],
  request: { params: itemParam, ...jsonBody(borrowRequestInput) },
  responses: { 201: jsonContent(borrowRequestSent, 'Sent'), ...errors(400, 403, 404, 429) },
});

const status = createRoute({
  tags: ['Loans'],
  method: 'post',
  path: '/borrow-requests/status',
  summary: 'A borrow request, from the private link’s token',
  middleware: [requireLoansEnabled],
  request: jsonBody(borrowRequestToken),
  responses: { 200: jsonContent(borrowRequestStatus, 'The request'), ...errors(400, 404, 429) },
});

const cancel = createRoute({
  tags: ['Loans'],
  method: 'post',
  path: '/borrow-requests/cancel',
  summary: 'Withdraw a borrow request while it is asked or accepted',
  middleware: [requireLoansEnabled],
  request: jsonBody(borrowRequestToken),
  responses: { 200: jsonContent(okResponse, 'Withdrawn'), ...errors(400, 403, 404, 409, 429) },
});

export const borrowRequestRoutes = createRouter()
  .openapi(ask, async (c) => {
    const db = c.get('db');
    const { id, iid } = c.req.valid('param');
    const input = c.req.valid('json');
    const { found, item } = await requestableItem(c, id, iid);
    if (input.wantedFrom && input.wantedUntil) checkDates(input.wantedFrom, input.wantedUntil, 'wantedUntil');
    checkReservation(input, found.collection.loanPeriodDays);
    // Days already booked are refused now rather than when the owner answers (who decides, in SQL).
    if (input.reservedFrom && input.reservedTo) {
      const taken = await itemCalendar(c.get('d1'), item, { from: input.reservedFrom, to: input.reservedTo }, false);
      if (taken.booked.length > 0) throw new ApiError('RESERVATION_CONFLICT');
    }
    await throttleAsks(c, item.id);
    // A filled honeypot is a robot: it gets the same answer, and nothing is stored or sent.
    if (input[BORROW_HONEYPOT_FIELD]) return c.json({ ok: true as const }, 201);
    const { loan, token } = await createBorrowRequest(
      c.get('d1'),
      { id: item.id, ownerId: found.collection.ownerId },
      input,
      c.get('locale'),
    );
    c.executionCtx.waitUntil(
      sendRequestEmails(c.env, db, loan, token).catch((error: unknown) =>
        console.error('borrow request email failed', c.get('requestId'), String(error)),
      ),
    );
    return c.json({ ok: true as const }, 201);
  })
  .openapi(status, async (c) => {
    await throttle(c.get('db'), [statusLimit('borrow-status', c.req.raw.headers)]);
    return c.json(await statusOf(c.get('db'), c.get('d1'), c.req.valid('json').token, c.get('locale')), 200);
  })
  .openapi(cancel, async (c) => {
    await throttle(c.get('db'), [statusLimit('borrow-status', c.req.raw.headers)]);
    await cancelBorrowRequest(c.get('d1'), c.req.valid('json').token);
    return c.json({ ok: true as const }, 200);
  });
