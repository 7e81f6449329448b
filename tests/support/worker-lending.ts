// Lending fixtures for the API suite: an owner's item with a borrowing level, borrowers, and loans.
import { expect } from 'vitest';
import type { Borrower, Loan } from '@shared/schemas/lending';
import { ADMIN, call, createUser, signIn } from './worker-app';
import { addItem, createCollection } from './worker-catalogue';

export async function setLoansEnabled(loansEnabled: boolean) {
  const res = await call('/api/v1/config/settings', {
    method: 'PATCH',
    token: await signIn(ADMIN.login, ADMIN.password),
    json: { loansEnabled },
  });
  expect(res.status).toBe(200);
}

/** A public books collection with one item: `borrowable` is the collection's "who can borrow". */
export async function lendableItem(options: { borrowable?: number; quantity?: number; title?: string; visibility?: number } = {}) {
  const owner = await createUser();
  const collection = await createCollection(owner.token, {
    type: 'books',
    name: 'Shelf',
    borrowable: options.borrowable ?? 0,
    visibility: options.visibility ?? 0,
  });
  const item = await addItem(owner.token, collection.id, { values: { title: options.title ?? 'Dune' }, quantity: options.quantity ?? 1 });
  return { owner, collection, item, itemPath: `/api/v1/collections/${collection.id}/items/${item.id}` };
}

export async function addBorrower(token: string, body: Record<string, unknown> = {}): Promise<Borrower> {
  const res = await call('/api/v1/borrowers', {
    method: 'POST',
    token,
    json: { name: 'Ann Reader', email: `ann-${crypto.randomUUID().slice(0, 8)}@example.test`, ...body },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Borrower;
}

export async function lend(token: string, itemPath: string, body: Record<string, unknown>): Promise<Response> {
  return call(`${itemPath}/loans`, { method: 'POST', token, json: body });
}

export async function act(token: string, loanId: number, action: string, body: Record<string, unknown> = {}): Promise<Response> {
  return call(`/api/v1/loans/${loanId}/${action}`, { method: 'POST', token, json: body });
}

/** Sends a borrow request and answers the owner's view of it (the newest loan of the item). */
export async function askToBorrow(
  itemPath: string,
  ownerToken: string,
  body: Record<string, unknown> = {},
  options: { token?: string; lang?: string } = {},
): Promise<Loan> {
  const res = await call(`${itemPath}/borrow`, {
    method: 'POST',
    token: options.token,
    lang: options.lang,
    headers: { 'cf-connecting-ip': `198.51.100.${Math.floor(Math.random() * 250) + 1}` },
    json: { name: 'Bea Visitor', email: `bea-${crypto.randomUUID().slice(0, 8)}@example.test`, ...body },
  });
  expect(res.status).toBe(201);
  const loans = (await (await call(`${itemPath}/loans`, { token: ownerToken })).json()) as { loans: Loan[] };
  return loans.loans[0]!;
}

export { createUser };
