// What the home screen's cards say besides the name: the requests waiting for the owner's answer, told
// to the owner only, and counted per collection.
import { describe, expect, it } from 'vitest';
import type { CollectionList } from '@shared/schemas/collections';
import { call, createUser } from '../../support/worker-app';
import { act, askToBorrow, lendableItem, setLoansEnabled } from '../../support/worker-lending';

async function cards(token?: string): Promise<CollectionList['collections']> {
  const res = await call('/api/v1/collections', { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as CollectionList).collections;
}

describe('collection cards', () => {
  it("count the loan requests waiting for the owner's answer, for the owner alone", async () => {
    await setLoansEnabled(true);
    const { owner, collection, itemPath } = await lendableItem({ title: 'Dune' });
    const first = await askToBorrow(itemPath, owner.token);
    await askToBorrow(itemPath, owner.token, { name: 'Cy Reader', email: 'cy@example.test' });
    const mine = (await cards(owner.token)).find((c) => c.id === collection.id)!;
    expect(mine.pendingRequests).toBe(2);
    // Answered, a request no longer waits.
    expect((await act(owner.token, first.id, 'reject')).status).toBe(200);
    expect((await cards(owner.token)).find((c) => c.id === collection.id)!.pendingRequests).toBe(1);
    // Anyone else sees the collection without its owner's business.
    const other = await createUser();
    expect((await cards(other.token)).find((c) => c.id === collection.id)!.pendingRequests).toBe(0);
    expect((await cards()).find((c) => c.id === collection.id)!.pendingRequests).toBe(0);
  });
});
