// A multiple title or subtitle shows every value, in order, wherever an item is named: its page, list
// pages and last changes (link previews read the same fields).
import { describe, expect, it } from 'vitest';
import type { Item, ItemPage } from '@shared/schemas/items';
import { call, createUser } from '../../support/worker-app';
import { addItem, addProperty, createCollection, getJson } from '../../support/worker-catalogue';

async function shelf(visibility = 0) {
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Shelf', visibility });
  await addProperty(owner.token, c.id, { label: 'Titles', type: 'text', isTitle: true, multiple: true });
  await addProperty(owner.token, c.id, { label: 'Subtitles', type: 'text', isSubtitle: true, multiple: true });
  return { owner, c };
}

describe('multiple titles and subtitles', () => {
  it('shows every value, in order, on the item and in lists', async () => {
    const { owner, c } = await shelf();
    const item = await addItem(owner.token, c.id, {
      values: { titles: ['Dune', 'Le Cycle de Dune'], subtitles: ['Part one', 'Book 1', 'Arrakis'] },
    });
    expect(item).toMatchObject({ title: 'Dune, Le Cycle de Dune', subtitle: 'Part one, Book 1, Arrakis' });
    const read = await getJson<Item>(`/api/v1/collections/${c.id}/items/${item.id}`);
    expect(read).toMatchObject({ title: 'Dune, Le Cycle de Dune', subtitle: 'Part one, Book 1, Arrakis' });
    const page = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items`);
    expect(page.items[0]).toMatchObject({ title: 'Dune, Le Cycle de Dune', subtitle: 'Part one, Book 1, Arrakis' });
  });

  it('shows one value alone and nothing for none', async () => {
    const { owner, c } = await shelf();
    const one = await addItem(owner.token, c.id, { values: { titles: ['Solo'] } });
    expect(one).toMatchObject({ title: 'Solo', subtitle: null });
  });

  it('keeps a private item’s titles from strangers', async () => {
    const { owner, c } = await shelf(3);
    const item = await addItem(owner.token, c.id, { values: { titles: ['Secret', 'Diary'] } });
    const stranger = await createUser();
    expect((await call(`/api/v1/collections/${c.id}/items/${item.id}`, { token: stranger.token })).status).toBe(404);
    expect((await getJson<Item>(`/api/v1/collections/${c.id}/items/${item.id}`, owner.token)).title).toBe('Secret, Diary');
  });
});
