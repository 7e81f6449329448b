// A borrower's places in waiting lists, on their own page (its secret opens it): their place number in
// each queue, and leaving one. Rate limited like the rest of the page; 404 LOANS_DISABLED while lending is off.
import { createRoute, z } from '@hono/zod-openapi';
import { okResponse } from '@shared/schemas/common';
import { borrowerHolds } from '@shared/schemas/holds';
import { errors, jsonContent } from '@worker/lib/openapi';
import { throttle, clientAddress } from '@worker/lib/rate-limit';
import { createRouter } from '@worker/lib/router';
import { BORROWER_PAGE_REQUESTS_PER_ADDRESS } from './borrower-page.routes';
import { requirePageBorrower } from './borrower-page.service';
import { activeHoldsOfBorrower, holdTitles } from './holds.queries';
import { offerFreedCopies, removeHold } from './holds.service';
import { requireLoansEnabled } from './lending.gate';

const secretParam = z.object({ secret: z.string().min(20).max(100) });
const page = { tags: ['Borrower page'], middleware: [requireLoansEnabled] };

const list = createRoute({
  ...page,
  method: 'get',
  path: '/borrower-page/{secret}/holds',
  summary: 'The borrower’s places in waiting lists',
  request: { params: secretParam },
  responses: { 200: jsonContent(borrowerHolds, 'Their places'), ...errors(400, 404, 429) },
});
const leave = createRoute({
  ...page,
  method: 'post',
  path: '/borrower-page/{secret}/holds/{id}/leave',
  summary: 'Leave a waiting list (an offered copy goes to the next)',
  request: { params: secretParam.extend({ id: z.coerce.number().int().positive() }) },
  responses: { 200: jsonContent(okResponse, 'Left'), ...errors(400, 403, 404, 409, 429) },
});

const pageLimit = (headers: Headers) => ({
  key: `borrower-page:${clientAddress(headers)}`,
  max: BORROWER_PAGE_REQUESTS_PER_ADDRESS,
  windowSeconds: 3600,
});

export const borrowerHoldRoutes = createRouter()
  .openapi(list, async (c) => {
    await throttle(c.get('db'), [pageLimit(c.req.raw.headers)]);
    const borrower = await requirePageBorrower(c.get('d1'), c.req.valid('param').secret);
    const rows = await activeHoldsOfBorrower(c.get('d1'), borrower.id);
    const title = await holdTitles(c.get('db'), rows, 'public');
    return c.json(
      { holds: rows.map((r) => ({ id: r.id, title: title(r), state: r.state, place: r.place, offerExpiresAt: r.offer_expires_at })) },
      200,
    );
  })
  .openapi(leave, async (c) => {
    await throttle(c.get('db'), [pageLimit(c.req.raw.headers)]);
    const { secret, id } = c.req.valid('param');
    const borrower = await requirePageBorrower(c.get('d1'), secret);
    const removed = await removeHold(c.get('d1'), id, { borrowerId: borrower.id });
    if (removed.wasOffered) await offerFreedCopies(c, [removed.itemId]);
    return c.json({ ok: true as const }, 200);
  });
