// The collection cards' mosaic: GET /collections answers, for each collection without a picture, the
// covers of up to four of its first items the caller may see, in one statement for the whole list.
import { describe, expect, it } from 'vitest';
import type { Collection, CollectionList } from '@shared/schemas/collections';
import { call, createUser, imageForm, PNG_BYTES } from '../../support/worker-app';
import { addItem, createCollection } from '../../support/worker-catalogue';

async function upload(token: string, collectionId: number): Promise<string> {
  const res = await call(`/api/v1/collections/${collectionId}/media`, { method: 'POST', token, body: imageForm(PNG_BYTES, 'cover.png') });
  expect(res.status).toBe(201);
  return ((await res.json()) as { value: string }).value;
}

async function listed(id: number, token?: string, query = ''): Promise<Collection | undefined> {
  const res = await call(`/api/v1/collections${query}`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as CollectionList).collections.find((c) => c.id === id);
}

/** A public books collection whose items have covers at every visibility level, in creation order. */
async function shelf() {
  const owner = await createUser();
  const c = await createCollection(owner.token, { type: 'books', name: 'Covers' });
  const covers: Record<string, string> = {};
  for (const [title, visibility] of [
    ['public', null],
    ['signed-in', 1],
    ['only-me', 3],
    ['nobody', 4],
  ] as const) {
    covers[title] = await upload(owner.token, c.id);
    await addItem(owner.token, c.id, { values: { title, cover: covers[title] }, visibility });
  }
  return { owner, c, covers };
}

describe('collection cards: the first covers', () => {
  it('gives each caller only the covers of items they may see, never an item set to Nobody', async () => {
    const { owner, c, covers } = await shelf();
    const stranger = await createUser();
    expect((await listed(c.id))!.covers).toEqual([covers.public]);
    expect((await listed(c.id, stranger.token))!.covers).toEqual([covers.public, covers['signed-in']]);
    expect((await listed(c.id, owner.token))!.covers).toEqual([covers.public, covers['signed-in'], covers['only-me']]);
    expect((await listed(c.id, owner.token, '?mine=true'))!.covers).not.toContain(covers.nobody);
  });

  it('shows at most four, from the first items, and skips items without a cover', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { type: 'books', name: 'Many' });
    await addItem(owner.token, c.id, { values: { title: 'No cover' } });
    const uploaded: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      uploaded.push(await upload(owner.token, c.id));
      await addItem(owner.token, c.id, { values: { title: `Book ${index}`, cover: uploaded[index] } });
    }
    expect((await listed(c.id, owner.token))!.covers).toEqual(uploaded.slice(0, 4));
  });

  it('hides covers of a cover property the caller may not see', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { type: 'books', name: 'Private covers' });
    const properties = (await (await call(`/api/v1/collections/${c.id}/properties`, { token: owner.token })).json()) as {
      properties: { id: number; key: string; version: number }[];
    };
    const cover = properties.properties.find((p) => p.key === 'cover')!;
    const patched = await call(`/api/v1/collections/${c.id}/properties/${cover.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { visibility: 3 },
    });
    expect(patched.status).toBe(200);
    const value = await upload(owner.token, c.id);
    await addItem(owner.token, c.id, { values: { title: 'Dune', cover: value } });
    expect((await listed(c.id))!.covers).toEqual([]);
    expect((await listed(c.id, owner.token))!.covers).toEqual([value]);
  });

  it('answers no covers for a collection with a picture of its own, or without items', async () => {
    const { owner, c } = await shelf();
    const picture = await call(`/api/v1/collections/${c.id}/image`, { method: 'PUT', token: owner.token, body: imageForm(PNG_BYTES) });
    expect(picture.status).toBeLessThan(300);
    expect((await listed(c.id, owner.token))!.covers).toEqual([]);
    const empty = await createCollection(owner.token, { type: 'books', name: 'Empty' });
    expect((await listed(empty.id, owner.token))!.covers).toEqual([]);
  });

  it('costs one statement more for the whole list, whatever the number of collections', async () => {
    const owner = await createUser();
    for (let index = 0; index < 5; index += 1) {
      const c = await createCollection(owner.token, { type: 'books', name: `Shelf ${index}` });
      await addItem(owner.token, c.id, { values: { title: 'Book', cover: await upload(owner.token, c.id) } });
    }
    const res = await call('/api/v1/collections?mine=true', {
      token: owner.token,
      env: { EXPOSE_D1_METRICS: 'true' },
      headers: { 'x-measure-d1': '1' },
    });
    const body = (await res.json()) as CollectionList;
    expect(body.collections.filter((c) => c.covers.length === 1)).toHaveLength(5);
    // The session check, the list and the covers.
    expect(Number(res.headers.get('x-d1-queries'))).toBeLessThanOrEqual(4);
  });
});

describe("a collection's page banner: the first covers on GET /collections/:id", () => {
  async function read(id: number | string, token?: string, env?: Record<string, string>) {
    return call(`/api/v1/collections/${id}`, { token, env });
  }

  it('gives each caller only the covers of items they may see, up to eight', async () => {
    const { owner, c, covers } = await shelf();
    const stranger = await createUser();
    expect(((await (await read(c.id)).json()) as Collection).covers).toEqual([covers.public]);
    expect(((await (await read(c.id, stranger.token)).json()) as Collection).covers).toEqual([covers.public, covers['signed-in']]);
    expect(((await (await read(c.id, owner.token)).json()) as Collection).covers).toEqual([
      covers.public,
      covers['signed-in'],
      covers['only-me'],
    ]);
    // Demo mode reads as usual.
    expect(((await (await read(c.id, undefined, { DEMO_MODE: 'true' })).json()) as Collection).covers).toEqual([covers.public]);
    for (let index = 0; index < 6; index += 1)
      await addItem(owner.token, c.id, { values: { title: `More ${index}`, cover: await upload(owner.token, c.id) } });
    expect(((await (await read(c.id, owner.token)).json()) as Collection).covers).toHaveLength(8);
  });

  it('keeps the covers in the answer to an edit, and gives none once the collection has a picture', async () => {
    const { owner, c, covers } = await shelf();
    const edited = await call(`/api/v1/collections/${c.id}`, { method: 'PATCH', token: owner.token, json: { tags: ['sci-fi'] } });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as Collection).covers).toEqual([covers.public, covers['signed-in'], covers['only-me']]);
    const picture = await call(`/api/v1/collections/${c.id}/image`, { method: 'PUT', token: owner.token, body: imageForm(PNG_BYTES) });
    expect(((await picture.json()) as Collection).covers).toEqual([]);
    expect(((await (await read(c.id, owner.token)).json()) as Collection).covers).toEqual([]);
  });

  it('refuses a bad id, and a private collection to a visitor or another user (no covers leak)', async () => {
    const owner = await createUser();
    const hidden = await createCollection(owner.token, { type: 'books', name: 'Mine', visibility: 3 });
    await addItem(owner.token, hidden.id, { values: { title: 'Secret', cover: await upload(owner.token, hidden.id) } });
    const stranger = await createUser();
    expect((await read('abc')).status).toBe(400);
    expect((await read(hidden.id)).status).toBe(404);
    expect((await read(hidden.id, stranger.token)).status).toBe(404);
    expect(((await (await read(hidden.id, owner.token)).json()) as Collection).covers).toHaveLength(1);
  });
});
