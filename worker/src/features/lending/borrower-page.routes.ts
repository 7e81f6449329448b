// A borrower's own page (no account: the secret in its address), "send me my link", and the calendar
// feeds; plus the owner's side: their feed address, digest choice and answers to renewals. Every route
// answers 404 LOANS_DISABLED while "Enable loans" is off; the public ones are rate limited per address.
import { createRoute, z } from '@hono/zod-openapi';
import { RENEWAL_ANSWERS } from '@shared/lending';
import { okResponse } from '@shared/schemas/common';
import {
  borrowerLinkRequest,
  borrowerPage,
  borrowerPageSecret,
  feedAddress,
  feedAddressInput,
  lendingPreferences,
  lendingPreferencesInput,
} from '@shared/schemas/borrower-page';
import { loan } from '@shared/schemas/lending';
import { ApiError } from '@worker/lib/api-error';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { clientAddress, throttle } from '@worker/lib/rate-limit';
import { createRouter } from '@worker/lib/router';
import { callerOf, requireUser } from '@worker/middleware/auth';
import { drawBorrowerFeedSecret, resetBorrowerPageSecret, resetOwnerFeedSecret } from './borrower-links.service';
import {
  answerRenewal,
  askRenewal,
  borrowerPageView,
  calendarOf,
  requirePageBorrower,
  sendBorrowerLinks,
  sendRenewalToOwner,
} from './borrower-page.service';
import { requireLoansEnabled } from './lending.gate';
import { feedUrl, ownerPreferences, requireLoan, roleProperties, toLoan } from './lending.queries';
import { saveOwnerDigest } from './owner-preferences.service';

const HOUR = 3600;
/** Page views and actions from one address per hour (a secret is 256 bits: this only stops floods). */
export const BORROWER_PAGE_REQUESTS_PER_ADDRESS = 120;
/** "Send me my link" requests from one address per hour, and emails to one recipient per day. */
export const LINK_REQUESTS_PER_ADDRESS = 5;
export const LINK_EMAILS_PER_RECIPIENT = 3;
/** Calendar apps poll a feed every few minutes to hours; this is far above what one subscriber needs. */
export const FEED_REQUESTS_PER_ADDRESS = 240;

const secretParam = z.object({ secret: z.string().min(20).max(100) });
const publicRoute = { tags: ['Borrower page'], middleware: [requireLoansEnabled] };
const ownerRoute = { tags: ['Loans'], security: bearer, middleware: [requireUser, requireLoansEnabled] };

const askLink = createRoute({
  ...publicRoute,
  method: 'post',
  path: '/borrower-page/link',
  summary: 'Email the borrower page link to an address with loans here (the answer never says whether it has)',
  request: jsonBody(borrowerLinkRequest),
  responses: { 202: jsonContent(okResponse, 'Sent if the address has loans'), ...errors(400, 404, 429) },
});
const readPage = createRoute({
  ...publicRoute,
  method: 'get',
  path: '/borrower-page/{secret}',
  summary: 'A borrower’s loans, requests and history with one lender',
  request: { params: secretParam },
  responses: { 200: jsonContent(borrowerPage, 'The page'), ...errors(400, 404, 429) },
});
const resetPage = createRoute({
  ...publicRoute,
  method: 'post',
  path: '/borrower-page/{secret}/reset',
  summary: 'A new page secret; the old link stops working',
  request: { params: secretParam },
  responses: { 200: jsonContent(borrowerPageSecret, 'The new secret'), ...errors(400, 403, 404, 429) },
});
const borrowerFeed = createRoute({
  ...publicRoute,
  method: 'post',
  path: '/borrower-page/{secret}/feed',
  summary: 'The borrower’s calendar address, made on first use or reset',
  request: { params: secretParam, ...jsonBody(feedAddressInput) },
  responses: { 200: jsonContent(feedAddress, 'The feed address'), ...errors(400, 403, 404, 429) },
});
const renew = createRoute({
  ...publicRoute,
  method: 'post',
  path: '/borrower-page/{secret}/loans/{id}/renew',
  summary: 'Ask the owner to keep a lent item longer',
  request: { params: secretParam.extend({ id: z.coerce.number().int().positive() }) },
  responses: { 200: jsonContent(okResponse, 'Asked'), ...errors(400, 403, 404, 409, 429) },
});
const calendar = createRoute({
  ...publicRoute,
  method: 'get',
  path: '/calendar/{file}',
  summary: 'A calendar (RFC 5545) of due dates: a borrower’s or an owner’s, by its secret',
  request: { params: z.object({ file: z.string().regex(/^[\w-]{20,100}\.ics$/) }) },
  responses: { 200: { description: 'The calendar', content: { 'text/calendar': { schema: z.string() } } }, ...errors(400, 404, 429) },
});
const editPreferences = createRoute({
  ...ownerRoute,
  method: 'patch',
  path: '/lending/preferences',
  summary: 'Choose the digest (daily, weekly, off)',
  request: jsonBody(lendingPreferencesInput),
  responses: { 200: jsonContent(lendingPreferences, 'Preferences'), ...errors(400, 401, 403, 404) },
});
const ownerFeed = createRoute({
  ...ownerRoute,
  method: 'post',
  path: '/lending/feed',
  summary: 'A new address for the owner’s calendar of all loans (the old one stops working)',
  responses: { 200: jsonContent(feedAddress, 'The feed address'), ...errors(401, 403, 404) },
});
const answer = createRoute({
  ...ownerRoute,
  method: 'post',
  path: '/loans/{id}/renewal/{answer}',
  summary: 'Accept (the due date moves) or decline a renewal the borrower asked for',
  request: { params: z.object({ id: z.coerce.number().int().positive(), answer: z.enum(RENEWAL_ANSWERS) }) },
  responses: { 200: jsonContent(loan, 'The loan'), ...errors(400, 401, 403, 404, 409) },
});

const pageLimit = (headers: Headers) => ({
  key: `borrower-page:${clientAddress(headers)}`,
  max: BORROWER_PAGE_REQUESTS_PER_ADDRESS,
  windowSeconds: HOUR,
});

export const borrowerPageRoutes = createRouter()
  .openapi(askLink, async (c) => {
    const { email } = c.req.valid('json');
    await throttle(c.get('db'), [
      { key: `borrower-link:${clientAddress(c.req.raw.headers)}`, max: LINK_REQUESTS_PER_ADDRESS, windowSeconds: HOUR },
    ]);
    // Past the recipient's allowance the sender is told nothing different: the limit must not reveal the address either.
    const recipient = await throttle(c.get('db'), [
      { key: `borrower-link:to:${email}`, max: LINK_EMAILS_PER_RECIPIENT, windowSeconds: 24 * HOUR },
    ]).then(
      () => true,
      () => false,
    );
    if (recipient) {
      // Sent after answering, so the time taken does not tell a known address from an unknown one.
      c.executionCtx.waitUntil(
        sendBorrowerLinks(c.env, email, c.get('locale')).catch((error: unknown) =>
          console.error('borrower link email failed', c.get('requestId'), String(error)),
        ),
      );
    }
    return c.json({ ok: true as const }, 202);
  })
  .openapi(readPage, async (c) => {
    await throttle(c.get('db'), [pageLimit(c.req.raw.headers)]);
    return c.json(await borrowerPageView(c.env, c.get('db'), c.req.valid('param').secret, c.get('locale')), 200);
  })
  .openapi(resetPage, async (c) => {
    await throttle(c.get('db'), [pageLimit(c.req.raw.headers)]);
    const borrower = await requirePageBorrower(c.get('d1'), c.req.valid('param').secret);
    return c.json({ secret: await resetBorrowerPageSecret(c.env, borrower.id) }, 200);
  })
  .openapi(borrowerFeed, async (c) => {
    await throttle(c.get('db'), [pageLimit(c.req.raw.headers)]);
    const borrower = await requirePageBorrower(c.get('d1'), c.req.valid('param').secret);
    const secret = await drawBorrowerFeedSecret(c.env, borrower.id, !c.req.valid('json').reset);
    return c.json({ url: await feedUrl(c.env, secret) }, 200);
  })
  .openapi(renew, async (c) => {
    await throttle(c.get('db'), [pageLimit(c.req.raw.headers)]);
    const { secret, id } = c.req.valid('param');
    const borrower = await requirePageBorrower(c.get('d1'), secret);
    const row = await askRenewal(c.get('d1'), borrower.id, id);
    c.executionCtx.waitUntil(
      sendRenewalToOwner(c.env, c.get('db'), row).catch((error: unknown) =>
        console.error('renewal email failed', c.get('requestId'), String(error)),
      ),
    );
    return c.json({ ok: true as const }, 200);
  })
  .openapi(calendar, async (c) => {
    await throttle(c.get('db'), [
      { key: `calendar:${clientAddress(c.req.raw.headers)}`, max: FEED_REQUESTS_PER_ADDRESS, windowSeconds: HOUR },
    ]);
    const text = await calendarOf(c.env, c.get('db'), c.req.valid('param').file.replace(/\.ics$/, ''));
    if (text === null) throw new ApiError('BORROWER_LINK_INVALID');
    return c.body(text, 200, { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'private, no-store' });
  })
  .openapi(editPreferences, async (c) => {
    const userId = callerOf(c).id;
    await saveOwnerDigest(c.env.DB, userId, c.req.valid('json').digest);
    return c.json(await ownerPreferences(c.env, userId), 200);
  })
  .openapi(ownerFeed, async (c) => c.json({ url: await feedUrl(c.env, await resetOwnerFeedSecret(c.env, callerOf(c).id)) }, 200))
  .openapi(answer, async (c) => {
    const ownerId = callerOf(c).id;
    const { id, answer: choice } = c.req.valid('param');
    await answerRenewal(c.get('d1'), ownerId, id, choice);
    const row = await requireLoan(c.get('d1'), ownerId, id);
    return c.json(toLoan(row, await roleProperties(c.get('db'), [row.collection_id])), 200);
  });
