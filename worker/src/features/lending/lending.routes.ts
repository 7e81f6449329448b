// Borrowers and the owner's loans (docs/product.md §2 "Borrowers", "Loans"). Everything here is the owner's alone:
// each query names the caller as owner, so another user's borrower or loan is a 404. Every route
// checks "Enable loans" after authentication.
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { PENDING_LOAN_STATES } from '@shared/lending';
import { idParam } from '@shared/schemas/common';
import { okResponse } from '@shared/schemas/common';
import {
  borrower,
  borrowerDeleted,
  borrowerDeletion,
  borrowerDetail,
  borrowerList,
  borrowerListQuery,
  createBorrowerInput,
  createLoanInput,
  itemLoans,
  lendingOverview,
  loan,
  loanAction,
  loanActionInput,
  updateBorrowerInput,
  updateLoanInput,
} from '@shared/schemas/lending';
import type { AppEnv } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { createRouter } from '@worker/lib/router';
import { callerOf, requireUser } from '@worker/middleware/auth';
import { findCollection, requireCollectionRole } from '../collections/collections.queries';
import { availabilityOf, effectiveBorrowLevel, loadItem } from '../items/items.queries';
import { requireLoansEnabled } from './lending.gate';
import {
  borrowersOfCollection,
  listBorrowers,
  loansOfBorrower,
  loansOfItem,
  openLoans,
  ownerPreferences,
  overlapsOf,
  requireBorrower,
  findLoanPlace,
  requireLoan,
  roleProperties,
  toBorrower,
  toLoan,
  toLoans,
  type LoanRow,
} from './lending.queries';
import { notifyRequester } from './borrow-requests.service';
import { offerFreedCopies } from './holds.service';
import {
  borrowerDeletion as countBorrowerLoans,
  createBorrower,
  createLoan,
  deleteBorrower,
  deleteLoan,
  transitionLoan,
  updateBorrower,
  updateLoan,
} from './loans.service';

const owner = { security: bearer, middleware: [requireUser, requireLoansEnabled] };
const borrowers = { ...owner, tags: ['Borrowers'] };
const loans = { ...owner, tags: ['Loans'] };
const itemParam = z.object({ id: z.coerce.number().int().positive(), iid: z.coerce.number().int().positive() });
const actionParam = idParam.extend({ action: loanAction });

const borrowersList = createRoute({
  ...borrowers,
  method: 'get',
  path: '/borrowers',
  summary: 'The caller’s borrowers (q: name or email contains)',
  request: { query: borrowerListQuery },
  responses: { 200: jsonContent(borrowerList, 'Borrowers'), ...errors(400, 401, 404) },
});
const addBorrower = createRoute({
  ...borrowers,
  method: 'post',
  path: '/borrowers',
  summary: 'Add a borrower',
  request: jsonBody(createBorrowerInput),
  responses: { 201: jsonContent(borrower, 'Created'), ...errors(400, 401, 403, 404, 409) },
});
const readBorrower = createRoute({
  ...borrowers,
  method: 'get',
  path: '/borrowers/{id}',
  summary: 'A borrower with their current loans and history',
  request: { params: idParam },
  responses: { 200: jsonContent(borrowerDetail, 'The borrower'), ...errors(400, 401, 404) },
});
const editBorrower = createRoute({
  ...borrowers,
  method: 'patch',
  path: '/borrowers/{id}',
  summary: 'Change a borrower',
  request: { params: idParam, ...jsonBody(updateBorrowerInput) },
  responses: { 200: jsonContent(borrower, 'Updated'), ...errors(400, 401, 403, 404, 409) },
});
const collectionBorrowers = createRoute({
  ...borrowers,
  method: 'get',
  path: '/collections/{id}/borrowers',
  summary: 'The borrowers a loan from this collection may name (its owner: all theirs; its editors: those of this collection)',
  request: { params: idParam },
  responses: { 200: jsonContent(borrowerList, 'Borrowers'), ...errors(400, 401, 403, 404) },
});
const borrowerDeletionInfo = createRoute({
  ...borrowers,
  method: 'get',
  path: '/borrowers/{id}/deletion',
  summary: 'What deleting the borrower would take with them',
  request: { params: idParam },
  responses: { 200: jsonContent(borrowerDeletion, 'Consequences'), ...errors(400, 401, 404) },
});
const removeBorrower = createRoute({
  ...borrowers,
  method: 'delete',
  path: '/borrowers/{id}',
  summary: 'Delete a borrower and their past loans (refused while they hold a lent copy)',
  request: { params: idParam },
  responses: { 200: jsonContent(borrowerDeleted, 'Deleted'), ...errors(400, 401, 403, 404, 409) },
});
const overview = createRoute({
  ...loans,
  method: 'get',
  path: '/lending',
  summary:
    'Overdue loans, waiting requests and current loans across the caller’s collections, with the caller’s calendar and digest choice',
  responses: { 200: jsonContent(lendingOverview, 'The overview'), ...errors(401, 404) },
});
const listItemLoans = createRoute({
  ...loans,
  method: 'get',
  path: '/collections/{id}/items/{iid}/loans',
  summary: 'Availability and every loan of an item (its owner only)',
  request: { params: itemParam },
  responses: { 200: jsonContent(itemLoans, 'Loans of the item'), ...errors(400, 401, 403, 404) },
});
const lendItem = createRoute({
  ...loans,
  method: 'post',
  path: '/collections/{id}/items/{iid}/loans',
  summary: 'Record a loan directly as lent',
  request: { params: itemParam, ...jsonBody(createLoanInput) },
  responses: { 201: jsonContent(loan, 'Created'), ...errors(400, 401, 403, 404, 409) },
});
const readLoan = createRoute({
  ...loans,
  method: 'get',
  path: '/loans/{id}',
  summary: 'A loan or request, with the loans its wanted dates overlap',
  request: { params: idParam },
  responses: { 200: jsonContent(loan, 'The loan'), ...errors(400, 401, 404) },
});
const editLoan = createRoute({
  ...loans,
  method: 'patch',
  path: '/loans/{id}',
  summary: 'Change a loan’s borrower, dates or notes',
  request: { params: idParam, ...jsonBody(updateLoanInput) },
  responses: { 200: jsonContent(loan, 'Updated'), ...errors(400, 401, 403, 404, 409) },
});
const actOnLoan = createRoute({
  ...loans,
  method: 'post',
  path: '/loans/{id}/{action}',
  summary: 'Accept, reject, lend or get back (docs/product.md "Loans"); anything the state does not allow is 409',
  request: { params: actionParam, ...jsonBody(loanActionInput) },
  responses: { 200: jsonContent(loan, 'The loan after the action'), ...errors(400, 401, 403, 404, 409) },
});
const removeLoan = createRoute({
  ...loans,
  method: 'delete',
  path: '/loans/{id}',
  summary: 'Delete a loan or request',
  request: { params: idParam },
  responses: { 200: jsonContent(okResponse, 'Deleted'), ...errors(400, 401, 403, 404) },
});

/** One loan as the API answers it (with its overlaps when it is a request). */
async function loanAnswer(c: Context<AppEnv>, ownerId: number, id: number) {
  return answerLoan(c, await requireLoan(c.get('d1'), ownerId, id));
}

async function answerLoan(c: Context<AppEnv>, row: LoanRow) {
  const props = await roleProperties(c.get('db'), [row.collection_id]);
  return toLoan(row, props, await overlapsOf(c.get('d1'), row));
}

/**
 * The owner a loan is kept under, for the caller acting on it: the caller's own loans, or those of a
 * collection where the caller is at least an editor (403 for a viewer, 404 when they cannot see it).
 */
async function loanOwnerFor(c: Context<AppEnv>, id: number): Promise<number> {
  const caller = callerOf(c);
  const place = await findLoanPlace(c.get('d1'), id);
  if (!place || place.owner_id === caller.id) return caller.id;
  // Someone with no role in the collection learns nothing of its loans: 404, as before sharing.
  const found = await findCollection(c.get('db'), place.collection_id, caller);
  if (!found?.role) throw new ApiError('NOT_FOUND');
  await requireCollectionRole(c.get('db'), caller, place.collection_id, 'editor');
  return place.owner_id;
}

/** The owner's item, and that it may be lent at all (who can borrow: not Nobody). */
async function requireOwnedItem(c: Context<AppEnv>, collectionId: number, itemId: number) {
  const found = await requireCollectionRole(c.get('db'), callerOf(c), collectionId, 'editor');
  const item = await loadItem(c.get('d1'), found.collection.id, itemId);
  if (!item) throw new ApiError('NOT_FOUND');
  return { found, item };
}

const byDue = (a: { dueOn: string | null }, b: { dueOn: string | null }) => (a.dueOn ?? '9999').localeCompare(b.dueOn ?? '9999');

export const lendingRoutes = createRouter()
  .openapi(borrowersList, async (c) => c.json({ borrowers: await listBorrowers(c.get('d1'), callerOf(c).id, c.req.valid('query').q) }, 200))
  .openapi(addBorrower, async (c) => {
    const ownerId = callerOf(c).id;
    const id = await createBorrower(c.get('d1'), ownerId, c.req.valid('json'));
    return c.json(toBorrower(await requireBorrower(c.get('d1'), ownerId, id)), 201);
  })
  .openapi(readBorrower, async (c) => {
    const ownerId = callerOf(c).id;
    const { id } = c.req.valid('param');
    const row = await requireBorrower(c.get('d1'), ownerId, id);
    const history = await toLoans(c.get('db'), await loansOfBorrower(c.get('d1'), ownerId, id));
    return c.json({ ...toBorrower(row), loans: history }, 200);
  })
  .openapi(editBorrower, async (c) => {
    const ownerId = callerOf(c).id;
    const { id } = c.req.valid('param');
    await updateBorrower(c.get('d1'), ownerId, id, c.req.valid('json'));
    return c.json(toBorrower(await requireBorrower(c.get('d1'), ownerId, id)), 200);
  })
  .openapi(collectionBorrowers, async (c) => {
    const caller = callerOf(c);
    const { collection } = await requireCollectionRole(c.get('db'), caller, c.req.valid('param').id, 'editor');
    const list =
      collection.ownerId === caller.id
        ? await listBorrowers(c.get('d1'), caller.id, undefined)
        : await borrowersOfCollection(c.get('d1'), collection.ownerId, collection.id);
    return c.json({ borrowers: list }, 200);
  })
  .openapi(borrowerDeletionInfo, async (c) => {
    const { id } = c.req.valid('param');
    await requireBorrower(c.get('d1'), callerOf(c).id, id);
    return c.json(await countBorrowerLoans(c.get('d1'), id), 200);
  })
  .openapi(removeBorrower, async (c) => {
    const deletedLoans = await deleteBorrower(c.get('d1'), callerOf(c).id, c.req.valid('param').id);
    return c.json({ ok: true as const, deletedLoans }, 200);
  })
  .openapi(overview, async (c) => {
    const caller = callerOf(c);
    const [rows, preferences] = await Promise.all([openLoans(c.get('d1'), caller.id), ownerPreferences(c.env, caller.id)]);
    const all = await toLoans(c.get('db'), rows);
    const sharedCollectionIds = [...new Set(rows.filter((r) => r.owner_id !== caller.id).map((r) => r.collection_id))];
    const overdue = all.filter((l) => l.overdue).sort(byDue);
    const requests = all
      .filter((l) => PENDING_LOAN_STATES.includes(l.state))
      .sort((a, b) => (a.state === b.state ? a.id - b.id : a.state === 'asked' ? -1 : 1));
    const current = all.filter((l) => l.state === 'lent' && !l.overdue).sort(byDue);
    return c.json({ overdue, requests, current, sharedCollectionIds, preferences }, 200);
  })
  .openapi(listItemLoans, async (c) => {
    const { id, iid } = c.req.valid('param');
    const { found, item } = await requireOwnedItem(c, id, iid);
    const rows = await loansOfItem(c.get('d1'), found.collection.ownerId, item.id);
    // Every loan of the item is here, so its availability is counted from them (the owner's view).
    const lent = rows.filter((r) => r.state === 'lent');
    const nextDueOn =
      lent
        .map((r) => r.due_on)
        .filter((d): d is string => d !== null)
        .sort()[0] ?? null;
    const availability = availabilityOf(item.quantity, lent.length, nextDueOn);
    return c.json({ availability, loanPeriodDays: found.collection.loanPeriodDays, loans: await toLoans(c.get('db'), rows) }, 200);
  })
  .openapi(lendItem, async (c) => {
    const { id, iid } = c.req.valid('param');
    const { found, item } = await requireOwnedItem(c, id, iid);
    if (effectiveBorrowLevel(item, found.collection) === 4) throw new ApiError('BORROW_NOT_ALLOWED');
    const loanId = await createLoan(c.get('d1'), found.collection.ownerId, item.id, c.req.valid('json'));
    return c.json(await loanAnswer(c, found.collection.ownerId, loanId), 201);
  })
  .openapi(readLoan, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await loanAnswer(c, await loanOwnerFor(c, id), id), 200);
  })
  .openapi(editLoan, async (c) => {
    const { id } = c.req.valid('param');
    const ownerId = await loanOwnerFor(c, id);
    await updateLoan(c.get('d1'), ownerId, id, c.req.valid('json'));
    return c.json(await loanAnswer(c, ownerId, id), 200);
  })
  .openapi(actOnLoan, async (c) => {
    const { id, action } = c.req.valid('param');
    const ownerId = await loanOwnerFor(c, id);
    const row = await transitionLoan(c.get('d1'), ownerId, id, action, c.req.valid('json'));
    // A copy back (or a kept one given up) goes to the next in the item's waiting list.
    if (action === 'return' || action === 'reject') await offerFreedCopies(c, [row.item_id]);
    c.executionCtx.waitUntil(
      notifyRequester(c.env, c.get('db'), row).catch((error: unknown) =>
        console.error('loan email failed', c.get('requestId'), String(error)),
      ),
    );
    return c.json(await answerLoan(c, row), 200);
  })
  .openapi(removeLoan, async (c) => {
    const { id } = c.req.valid('param');
    await deleteLoan(c.get('d1'), await loanOwnerFor(c, id), id);
    return c.json({ ok: true as const }, 200);
  });
