// The borrowers a loan from a collection may name (GET /collections/:id/borrowers): its owner gets their
// whole address book; an editor or co-owner of a shared collection gets the owner's borrowers of that
// collection only, without the owner's notes and phone numbers; anyone else is refused.
import { afterEach, describe, expect, it } from 'vitest';
import type { Borrower, BorrowerList } from '@shared/schemas/lending';
import { call, createUser, errorCode } from '../../support/worker-app';
import { addItem, createCollection, createMember } from '../../support/worker-catalogue';
import { addBorrower, lend, lendableItem, setLoansEnabled } from '../../support/worker-lending';

afterEach(() => setLoansEnabled(true));

/** A shared collection whose owner lent to Ann from it, to Bob from another collection, and knows Cy. */
async function clubShelf() {
  const shelf = await lendableItem({ title: 'Catan', quantity: 3 });
  const { owner, collection, itemPath } = shelf;
  const ann = await addBorrower(owner.token, { name: 'Ann', phone: '+33 6 00 00 00 01', notes: 'Owes me a pie' });
  const bob = await addBorrower(owner.token, { name: 'Bob' });
  const cy = await addBorrower(owner.token, { name: 'Cy' });
  expect((await lend(owner.token, itemPath, { borrowerId: ann.id })).status).toBe(201);
  const home = await createCollection(owner.token, { type: 'books', name: 'Home', borrowable: 0, visibility: 2 });
  const book = await addItem(owner.token, home.id, { values: { title: 'Diary' } });
  expect((await lend(owner.token, `/api/v1/collections/${home.id}/items/${book.id}`, { borrowerId: bob.id })).status).toBe(201);
  return { ...shelf, path: `/api/v1/collections/${collection.id}/borrowers`, ann, bob, cy, home };
}

const names = async (res: Response) => {
  expect(res.status).toBe(200);
  return ((await res.json()) as BorrowerList).borrowers.map((b: Borrower) => b.name);
};

describe('the borrowers a loan from a collection may name', () => {
  it('are the whole address book for the owner', async () => {
    const { owner, path } = await clubShelf();
    expect(await names(await call(path, { token: owner.token }))).toEqual(['Ann', 'Bob', 'Cy']);
  });

  it('are the owner’s borrowers of this collection for an editor and a co-owner, without notes or phone', async () => {
    const { owner, collection, path, ann, itemPath } = await clubShelf();
    for (const [role, lent] of [
      ['editor', 1],
      ['co_owner', 2],
    ] as const) {
      const member = await createMember(owner.token, collection.id, role);
      const res = await call(path, { token: member.token });
      const [only, ...rest] = ((await res.json()) as BorrowerList).borrowers;
      expect(rest).toEqual([]);
      expect(only).toMatchObject({ id: ann.id, name: 'Ann', email: ann.email, phone: null, notes: null, currentLoans: lent });
      // The one offered is one the loan can name: it is kept under the owner.
      expect((await lend(member.token, itemPath, { borrowerId: ann.id })).status).toBe(201);
    }
  });

  it('are refused to anonymous callers (401), a stranger (404), a viewer (403) and a removed editor', async () => {
    const { owner, collection, path, home } = await clubShelf();
    expect((await call(path)).status).toBe(401);
    const stranger = await createUser();
    // The shelf is public: a stranger sees it but lends nothing from it; the shared-only one is not found.
    expect((await call(path, { token: stranger.token })).status).toBe(403);
    expect((await call(`/api/v1/collections/${home.id}/borrowers`, { token: stranger.token })).status).toBe(404);
    const viewer = await createMember(owner.token, collection.id, 'viewer');
    expect((await call(path, { token: viewer.token })).status).toBe(403);
    const editor = await createMember(owner.token, home.id, 'editor');
    expect(await names(await call(`/api/v1/collections/${home.id}/borrowers`, { token: editor.token }))).toEqual(['Bob']);
    await call(`/api/v1/collections/${home.id}/members/${editor.user.id}`, { method: 'DELETE', token: owner.token });
    expect((await call(`/api/v1/collections/${home.id}/borrowers`, { token: editor.token })).status).toBe(404);
  });

  it('refuses an id that is not one (400), and answers 404 while lending is off', async () => {
    const { owner, path } = await clubShelf();
    expect((await call('/api/v1/collections/abc/borrowers', { token: owner.token })).status).toBe(400);
    await setLoansEnabled(false);
    const off = await call(path, { token: owner.token });
    expect(off.status).toBe(404);
    expect(await errorCode(off)).toBe('LOANS_DISABLED');
  });

  it('are read in demo mode too, which changes nothing', async () => {
    const { owner, path } = await clubShelf();
    expect(await names(await call(path, { token: owner.token, env: { DEMO_MODE: 'true' } }))).toEqual(['Ann', 'Bob', 'Cy']);
  });
});
