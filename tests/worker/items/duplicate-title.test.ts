// A copy's title says it is a copy, in the caller's language, and is sorted, searched and filtered as
// the new title; only the owner may copy.
import { describe, expect, it } from 'vitest';
import { TEXT_VALUE_MAX_LENGTH } from '@shared/catalogue';
import type { Item, ItemPage } from '@shared/schemas/items';
import { call, createUser, errorCode } from '../../support/worker-app';
import { addItem, addProperty, createCollection, getJson } from '../../support/worker-catalogue';

async function duplicate(token: string, collectionId: number, itemId: number, lang?: string) {
  const res = await call(`/api/v1/collections/${collectionId}/items/${itemId}/duplicate`, { method: 'POST', token, lang });
  return res;
}

async function books() {
  const owner = await createUser();
  const c = await createCollection(owner.token, { type: 'books', name: 'Books' });
  return { owner, c };
}

describe('duplicating an item', () => {
  it('adds " (copy)" to the title in English and keeps every other value', async () => {
    const { owner, c } = await books();
    const item = await addItem(owner.token, c.id, { values: { title: 'Dune', authors: ['Frank Herbert'], year: 1965 } });
    const res = await duplicate(owner.token, c.id, item.id, 'en_US');
    expect(res.status).toBe(201);
    const copy = (await res.json()) as Item;
    expect(copy).toMatchObject({ title: 'Dune (copy)', values: { title: 'Dune (copy)', authors: ['Frank Herbert'], year: 1965 } });
    // The original is untouched, and the stored copy (not only the answer) carries the new title.
    expect((await getJson<Item>(`/api/v1/collections/${c.id}/items/${item.id}`, owner.token)).title).toBe('Dune');
    expect((await getJson<Item>(`/api/v1/collections/${c.id}/items/${copy.id}`, owner.token)).title).toBe('Dune (copy)');
    const found = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?q=copy`, owner.token);
    expect(found.items.map((i) => i.id)).toEqual([copy.id]);
  });

  it('adds " (copie)" in French', async () => {
    const { owner, c } = await books();
    const item = await addItem(owner.token, c.id, { values: { title: 'L’Étranger' } });
    const copy = (await (await duplicate(owner.token, c.id, item.id, 'fr_FR')).json()) as Item;
    expect(copy.title).toBe('L’Étranger (copie)');
  });

  it('sorts the copy right after its original', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Shelf' });
    await addProperty(owner.token, c.id, { label: 'Title', type: 'text', isTitle: true, sortable: true });
    const a = await addItem(owner.token, c.id, { values: { title: 'Book 2' } });
    await addItem(owner.token, c.id, { values: { title: 'Book 10' } });
    await duplicate(owner.token, c.id, a.id);
    const page = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?sort=title&dir=asc`, owner.token);
    expect(page.items.map((i) => i.title)).toEqual(['Book 2', 'Book 2 (copy)', 'Book 10']);
  });

  it('keeps a title at the length limit within the limit', async () => {
    const { owner, c } = await books();
    const long = 'x'.repeat(TEXT_VALUE_MAX_LENGTH);
    const item = await addItem(owner.token, c.id, { values: { title: long } });
    const copy = (await (await duplicate(owner.token, c.id, item.id)).json()) as Item;
    expect(copy.title?.length).toBe(TEXT_VALUE_MAX_LENGTH);
    expect(copy.title?.endsWith(' (copy)')).toBe(true);
  });

  it('refuses anyone but the owner', async () => {
    const { owner, c } = await books();
    const item = await addItem(owner.token, c.id, { values: { title: 'Dune' } });
    const stranger = await createUser();
    const res = await duplicate(stranger.token, c.id, item.id);
    expect([403, 404]).toContain(res.status);
    expect(['FORBIDDEN', 'NOT_FOUND']).toContain(await errorCode(res));
    const anonymous = await call(`/api/v1/collections/${c.id}/items/${item.id}/duplicate`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });
});
