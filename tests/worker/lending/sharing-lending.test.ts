// Lending from a shared collection (docs/product.md "Sharing"): editors and co-owners lend its items,
// answer its borrow requests and see its loans on their lending overview; viewers and removed members do not.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { LendingOverview, Loan } from '@shared/schemas/lending';
import { openLoans } from '@worker/features/lending/lending.queries';
import { meteredD1, type D1Metrics } from '@worker/lib/d1-metrics';
import { call, createUser } from '../../support/worker-app';
import { createMember } from '../../support/worker-catalogue';
import { act, askToBorrow, lend, lendableItem } from '../../support/worker-lending';

type Person = Awaited<ReturnType<typeof createUser>>;

const overviewOf = async (person: Person) => (await (await call('/api/v1/lending', { token: person.token })).json()) as LendingOverview;
const idsIn = (overview: LendingOverview) => [...overview.overdue, ...overview.requests, ...overview.current].map((l) => l.id).sort();

async function sharedLending() {
  const lendable = await lendableItem({ title: 'Catan', quantity: 2 });
  const { owner, collection } = lendable;
  const [viewer, editor, coOwner] = [
    await createMember(owner.token, collection.id, 'viewer'),
    await createMember(owner.token, collection.id, 'editor'),
    await createMember(owner.token, collection.id, 'co_owner'),
  ];
  return { ...lendable, viewer, editor, coOwner };
}

describe('lending from a shared collection', () => {
  it('an editor answers a borrow request and lends; a viewer gets 403 on both', async () => {
    const { owner, itemPath, viewer, editor } = await sharedLending();
    const request = await askToBorrow(itemPath, owner.token);
    expect((await act(viewer.token, request.id, 'accept')).status).toBe(403);
    expect((await act(editor.token, request.id, 'accept')).status).toBe(200);
    expect((await act(editor.token, request.id, 'lend')).status).toBe(200);
    const rejected = await askToBorrow(itemPath, owner.token);
    expect((await act(viewer.token, rejected.id, 'reject')).status).toBe(403);
    expect((await act(editor.token, rejected.id, 'reject')).status).toBe(200);
    expect((await lend(viewer.token, itemPath, { borrower: { name: 'Zed' } })).status).toBe(403);
    const lent = await lend(editor.token, itemPath, { borrower: { name: 'Yan' } });
    expect(lent.status).toBe(201);
    // Recorded under the owner: the owner sees it as their own.
    expect((await call(`/api/v1/loans/${((await lent.json()) as Loan).id}`, { token: owner.token })).status).toBe(200);
  });

  it("the lending overview of editors and co-owners lists the shared collection's loans, with its name; a viewer's does not", async () => {
    const { owner, itemPath, collection, viewer, editor, coOwner } = await sharedLending();
    const request = await askToBorrow(itemPath, owner.token);
    const lent = (await (await lend(owner.token, itemPath, { borrower: { name: 'Ann' } })).json()) as Loan;
    const expected = [request.id, lent.id].sort();
    expect(idsIn(await overviewOf(owner))).toEqual(expected);
    expect(idsIn(await overviewOf(editor))).toEqual(expected);
    expect(idsIn(await overviewOf(coOwner))).toEqual(expected);
    expect(idsIn(await overviewOf(viewer))).toEqual([]);
    // The overview says which collections are shared with the caller, never their own.
    expect((await overviewOf(editor)).sharedCollectionIds).toEqual([collection.id]);
    expect((await overviewOf(owner)).sharedCollectionIds).toEqual([]);
    const shown = (await overviewOf(editor)).current[0]!;
    expect(shown.item).toMatchObject({ collectionId: collection.id, collectionName: 'Shelf', title: 'Catan' });
    const stranger = await createUser();
    expect(idsIn(await overviewOf(stranger))).toEqual([]);
  });

  it("an overview reads no other owner's open loans than those of the collections shared with the caller", async () => {
    const { owner, itemPath, editor } = await sharedLending();
    await lend(owner.token, itemPath, { borrower: { name: 'Ann' } });
    const readsOf = async (person: Person) => {
      const metrics: D1Metrics = { queries: 0, rowsRead: 0, rowsWritten: 0 };
      const loans = await openLoans(meteredD1(env.DB, metrics), person.user.id);
      return { ids: loans.map((l) => l.id), rowsRead: metrics.rowsRead };
    };
    const [editorBefore, strangerBefore] = [await readsOf(editor), await readsOf(await createUser())];
    // Another owner lends ten copies in a collection shared with no one.
    const other = await lendableItem({ title: 'Azul', quantity: 10 });
    for (let n = 0; n < 10; n += 1)
      expect((await lend(other.owner.token, other.itemPath, { borrower: { name: `B${n}` } })).status).toBe(201);
    // Not a row for each of them (an index's seek may read the entry past its range: one row).
    const editorAfter = await readsOf(editor);
    expect(editorAfter.ids).toEqual(editorBefore.ids);
    expect(editorAfter.rowsRead - editorBefore.rowsRead).toBeLessThan(10);
    expect((await readsOf(await createUser())).rowsRead - strangerBefore.rowsRead).toBeLessThan(10);
  });

  it('a removed member loses the loans at once: 404 on them and gone from the overview', async () => {
    const { owner, itemPath, collection, editor } = await sharedLending();
    const lent = (await (await lend(owner.token, itemPath, { borrower: { name: 'Ann' } })).json()) as Loan;
    expect((await call(`/api/v1/loans/${lent.id}`, { token: editor.token })).status).toBe(200);
    expect(
      (await call(`/api/v1/collections/${collection.id}/members/${editor.user.id}`, { method: 'DELETE', token: owner.token })).status,
    ).toBe(204);
    expect((await call(`/api/v1/loans/${lent.id}`, { token: editor.token })).status).toBe(404);
    expect((await act(editor.token, lent.id, 'return')).status).toBe(404);
    // The collection is public, so they still see it: lending is refused, not hidden.
    expect((await lend(editor.token, itemPath, { borrower: { name: 'Bob' } })).status).toBe(403);
    expect(idsIn(await overviewOf(editor))).toEqual([]);
  });
});
