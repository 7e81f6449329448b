// The one write path: lost updates are refused (items, collections, properties), values may only name
// their own collection's files, and clean-up only ever deletes what the collection owns.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Collection } from '@shared/schemas/collections';
import type { Item } from '@shared/schemas/items';
import type { Property } from '@shared/schemas/properties';
import { drizzle } from 'drizzle-orm/d1';
import * as schema from '@worker/db/schema';
import { listPropertyRows } from '@worker/features/properties/properties.queries';
import { createItems, updateItem } from '@worker/features/items/items.writer';
import type { ItemRow } from '@worker/db/raw-rows';
import { call, createUser, errorCode, imageForm, PNG_BYTES } from '../../support/worker-app';
import { addItem, addProperty, createCollection, getJson } from '../../support/worker-catalogue';

async function bookCollection() {
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Books' });
  const title = await addProperty(owner.token, c.id, { label: 'Title', type: 'text', isTitle: true, searchable: true });
  const cover = await addProperty(owner.token, c.id, { label: 'Cover', type: 'image', isCover: true });
  return { owner, c, title, cover };
}

async function upload(token: string, collectionId: number): Promise<string> {
  const res = await call(`/api/v1/collections/${collectionId}/media`, { method: 'POST', token, body: imageForm(PNG_BYTES, 'cover.png') });
  expect(res.status).toBe(201);
  return ((await res.json()) as { value: string }).value;
}

const keyOf = (value: string) => value.slice('media://'.length);

describe('stale writes are refused', () => {
  it('refuses an item edit made from an older version, and keeps the newer edit whole', async () => {
    const { owner, c } = await bookCollection();
    const item = await addItem(owner.token, c.id, { values: { title: 'Dune' } });
    expect(item.version).toBe(1);
    const path = `/api/v1/collections/${c.id}/items/${item.id}`;
    const first = await call(path, { method: 'PATCH', token: owner.token, json: { values: { title: 'Dune Messiah' }, version: 1 } });
    expect(first.status).toBe(200);
    expect(((await first.json()) as Item).version).toBe(2);

    for (const lang of ['en_US', 'fr_FR']) {
      const stale = await call(path, {
        method: 'PATCH',
        token: owner.token,
        lang,
        json: { values: { title: 'Children of Dune' }, quantity: 4, version: 1 },
      });
      expect(stale.status).toBe(409);
      const body = (await stale.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('STALE_WRITE');
      expect(body.error.message).toMatch(lang === 'fr_FR' ? /Rechargez/ : /Reload/);
    }
    const kept = await getJson<Item>(path, owner.token);
    expect(kept).toMatchObject({ title: 'Dune Messiah', quantity: 1, version: 2 });
    // Nothing of the stale edit reached the search index either.
    const found = await getJson<{ total: number }>(`/api/v1/collections/${c.id}/items?q=children`, owner.token);
    expect(found.total).toBe(0);
  });

  it('lets exactly one of two edits made from the same version through', async () => {
    const { owner, c } = await bookCollection();
    const item = await addItem(owner.token, c.id, { values: { title: 'Dune' } });
    const path = `/api/v1/collections/${c.id}/items/${item.id}`;
    const results = await Promise.all(
      ['A', 'B'].map((title) => call(path, { method: 'PATCH', token: owner.token, json: { values: { title }, version: item.version } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = (await results.find((r) => r.status === 200)!.json()) as Item;
    expect((await getJson<Item>(path, owner.token)).title).toBe(winner.title);
  });

  it('still accepts edits that name no version (last one wins), moving the version on', async () => {
    const { owner, c } = await bookCollection();
    const item = await addItem(owner.token, c.id, { values: { title: 'Dune' } });
    const res = await call(`/api/v1/collections/${c.id}/items/${item.id}`, { method: 'PATCH', token: owner.token, json: { quantity: 2 } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Item).version).toBe(2);
  });

  it('refuses stale collection and property edits', async () => {
    const { owner, c, title } = await bookCollection();
    const colPath = `/api/v1/collections/${c.id}`;
    const renamed = await call(colPath, { method: 'PATCH', token: owner.token, json: { name: 'My books', version: c.version } });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as Collection).version).toBe(c.version + 1);
    const stale = await call(colPath, { method: 'PATCH', token: owner.token, json: { name: 'Other', version: c.version } });
    expect(stale.status).toBe(409);
    expect(await errorCode(stale)).toBe('STALE_WRITE');
    expect((await getJson<Collection>(colPath, owner.token)).name).toBe('My books');

    const propPath = `/api/v1/collections/${c.id}/properties/${title.id}`;
    const relabelled = await call(propPath, { method: 'PATCH', token: owner.token, json: { label: 'Name', version: title.version } });
    expect(relabelled.status).toBe(200);
    expect(((await relabelled.json()) as Property).version).toBe(title.version + 1);
    const staleProp = await call(propPath, { method: 'PATCH', token: owner.token, json: { label: 'Other', version: title.version } });
    expect(staleProp.status).toBe(409);
    expect(await errorCode(staleProp)).toBe('STALE_WRITE');
  });

  it('validates the version', async () => {
    const { owner, c } = await bookCollection();
    const item = await addItem(owner.token, c.id, { values: { title: 'Dune' } });
    for (const version of [0, -1, 1.5, 'one']) {
      const res = await call(`/api/v1/collections/${c.id}/items/${item.id}`, {
        method: 'PATCH',
        token: owner.token,
        json: { quantity: 2, version },
      });
      expect(res.status).toBe(400);
    }
  });
});

describe('values name only files of their own collection', () => {
  it('refuses another collection’s file, an avatar, a thumbnail and paths that climb', async () => {
    const { owner, c } = await bookCollection();
    const other = await createUser();
    const theirs = await createCollection(other.token, { name: 'Theirs' });
    const theirFile = await upload(other.token, theirs.id);
    const mine = await upload(owner.token, c.id);
    const attempts = [
      theirFile,
      `media://avatars/${other.user.id}/0b5c9e0a-1111-2222-3333-444455556666.png`,
      `${mine}.thumb`,
      `media://collections/${c.id}/../${theirs.id}/x.png`,
      `media://collections/${c.id}/a/b.png`,
      'media://x.png',
    ];
    for (const cover of attempts) {
      const res = await call(`/api/v1/collections/${c.id}/items`, {
        method: 'POST',
        token: owner.token,
        json: { values: { title: 'X', cover } },
      });
      expect(res.status, cover).toBe(400);
      const body = (await res.json()) as { error: { details: { fields: { path: string; reason: string }[] } } };
      expect(body.error.details.fields[0]).toMatchObject({ path: 'values.cover', reason: 'invalid_media' });
    }
    // Nor as a property's default value.
    const res = await call(`/api/v1/collections/${c.id}/properties`, {
      method: 'POST',
      token: owner.token,
      json: { label: 'Back', type: 'image', defaultValue: theirFile },
    });
    expect(res.status).toBe(400);
    expect(await env.MEDIA.head(keyOf(theirFile))).not.toBeNull();
    // The collection's own file is fine.
    expect((await addItem(owner.token, c.id, { values: { title: 'Mine', cover: mine } })).cover).toBe(mine);
  });

  it('never deletes a file of another collection, even when old data names it', async () => {
    const { owner, c, cover } = await bookCollection();
    const other = await createUser();
    const theirs = await createCollection(other.token, { name: 'Theirs' });
    const theirFile = await upload(other.token, theirs.id);
    const item = await addItem(owner.token, c.id, { values: { title: 'X' } });
    // Data written before values were checked: simulate it in the database directly.
    await env.DB.prepare('INSERT INTO item_values (item_id, property_id, position, value, sort_text, level) VALUES (?, ?, 0, ?, ?, 0)')
      .bind(item.id, cover.id, JSON.stringify(theirFile), theirFile.toLowerCase())
      .run();
    await env.DB.prepare('UPDATE items SET data = ? WHERE id = ?')
      .bind(JSON.stringify({ [cover.id]: theirFile }), item.id)
      .run();
    expect((await call(`/api/v1/collections/${c.id}/items/${item.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(await env.MEDIA.head(keyOf(theirFile))).not.toBeNull();
  });

  it('releases the collection’s own files that nothing uses any more, and keeps shared ones', async () => {
    const { owner, c } = await bookCollection();
    const shared = await upload(owner.token, c.id);
    const single = await upload(owner.token, c.id);
    const a = await addItem(owner.token, c.id, { values: { title: 'A', cover: shared } });
    await addItem(owner.token, c.id, { values: { title: 'B', cover: shared } });
    const d = await addItem(owner.token, c.id, { values: { title: 'D', cover: single } });
    await call(`/api/v1/collections/${c.id}/items/${a.id}`, { method: 'PATCH', token: owner.token, json: { values: { title: 'A' } } });
    await call(`/api/v1/collections/${c.id}/items/${d.id}`, { method: 'DELETE', token: owner.token });
    expect(await env.MEDIA.head(keyOf(shared))).not.toBeNull();
    expect(await env.MEDIA.head(keyOf(single))).toBeNull();
  });
});

describe('the write path creates several items in one batch', () => {
  it('answers their ids in order and keeps counts and search in step; one invalid item writes none', async () => {
    const { owner, c } = await bookCollection();
    const db = drizzle(env.DB, { schema });
    const props = await listPropertyRows(db, c.id);
    const pending: Promise<unknown>[] = [];
    const ctx = { db, d1: env.DB, media: env.MEDIA, defer: (work: Promise<unknown>) => void pending.push(work) };
    const draft = (title: unknown) => ({ values: { title }, quantity: 1, visibility: null, borrowable: null });
    const ids = await createItems(ctx, c.id, props, ['Dune', 'Hyperion', 'Foundation'].map(draft));
    expect(ids).toHaveLength(3);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    for (const [index, title] of ['Dune', 'Hyperion', 'Foundation'].entries()) {
      expect((await getJson<Item>(`/api/v1/collections/${c.id}/items/${ids[index]}`, owner.token)).title).toBe(title);
    }
    expect((await getJson<{ total: number }>(`/api/v1/collections/${c.id}/items?q=hyperion`, owner.token)).total).toBe(1);
    expect((await getJson<Collection>(`/api/v1/collections/${c.id}`, owner.token)).itemCount).toBe(3);

    await expect(createItems(ctx, c.id, props, [draft('Ubik'), draft(['not', 'one'])])).rejects.toThrow();
    expect((await getJson<Collection>(`/api/v1/collections/${c.id}`, owner.token)).itemCount).toBe(3);
    expect(pending).toHaveLength(0);
  });
});

describe('an edit that names no version', () => {
  it('is measured again from a fresh read when another edit landed after it read the item', async () => {
    const { owner, c } = await bookCollection();
    const db = drizzle(env.DB, { schema });
    const props = await listPropertyRows(db, c.id);
    const ctx = { db, d1: env.DB, media: env.MEDIA, defer: () => undefined };
    const item = await addItem(owner.token, c.id, { values: { title: 'Dune' } });
    const read = (await env.DB.prepare('SELECT * FROM items WHERE id = ?').bind(item.id).first<ItemRow>())!;
    // Another edit lands between this edit's read and its write.
    const other = await call(`/api/v1/collections/${c.id}/items/${item.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { values: { title: 'Hyperion' } },
    });
    expect(other.status).toBe(200);
    await updateItem(ctx, read, props, { values: { title: 'Dune Messiah' } });
    const after = await getJson<Item>(`/api/v1/collections/${c.id}/items/${item.id}`, owner.token);
    expect(after.title).toBe('Dune Messiah');
    expect(after.version).toBe(read.version + 2);
    // The values, the cached data and the search agree with the last edit.
    const rows = await env.DB.prepare('SELECT value FROM item_values WHERE item_id = ?').bind(item.id).all<{ value: string }>();
    expect(rows.results.map((r) => r.value)).toEqual(['"Dune Messiah"']);
    expect((await getJson<{ total: number }>(`/api/v1/collections/${c.id}/items?q=messiah`, owner.token)).total).toBe(1);
    expect((await getJson<{ total: number }>(`/api/v1/collections/${c.id}/items?q=hyperion`, owner.token)).total).toBe(0);
    // With a version, the same situation is refused.
    await expect(updateItem(ctx, read, props, { values: { title: 'Children of Dune' }, version: read.version })).rejects.toThrow(
      /STALE_WRITE/,
    );
  });
});

describe('an edit rewrites only the values it changes', () => {
  it('keeps the rows of unchanged properties, and writes the most values a property takes', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Tagged' });
    await addProperty(owner.token, c.id, { label: 'Title', type: 'text', isTitle: true, searchable: true });
    const tags = await addProperty(owner.token, c.id, { label: 'Tags', type: 'text', multiple: true, filterable: true });
    const year = await addProperty(owner.token, c.id, { label: 'Year', type: 'number', sortable: true });
    // More values than one INSERT statement may bind, so the writer's chunks are exercised.
    const many = Array.from({ length: 50 }, (_, n) => `tag ${n}`);
    const item = await addItem(owner.token, c.id, { values: { title: 'Dune', tags: many, year: 1965 } });
    // Which properties' rows an edit deletes, as the database sees it.
    await env.DB.exec('CREATE TABLE IF NOT EXISTS deleted_values (property_id INTEGER)');
    await env.DB.exec(
      'CREATE TRIGGER log_deleted_values AFTER DELETE ON item_values BEGIN INSERT INTO deleted_values VALUES (old.property_id); END',
    );
    try {
      const edit = async (values: Record<string, unknown>) => {
        await env.DB.exec('DELETE FROM deleted_values');
        const res = await call(`/api/v1/collections/${c.id}/items/${item.id}`, { method: 'PATCH', token: owner.token, json: { values } });
        expect(res.status).toBe(200);
        const rows = await env.DB.prepare('SELECT property_id AS id, count(*) AS n FROM deleted_values GROUP BY property_id').all<{
          id: number;
          n: number;
        }>();
        return { item: (await res.json()) as Item, deleted: Object.fromEntries(rows.results.map((r) => [r.id, r.n])) };
      };
      const sameBut1966 = await edit({ title: 'Dune', tags: many, year: 1966 });
      expect(sameBut1966.deleted).toEqual({ [year.id]: 1 });
      expect(sameBut1966.item.values).toEqual({ title: 'Dune', tags: many, year: 1966 });

      const renamed = many.map((tag) => `${tag}!`);
      const allTags = await edit({ title: 'Dune', tags: renamed, year: 1966 });
      expect(allTags.deleted).toEqual({ [tags.id]: 50 });
      expect(allTags.item.values).toEqual({ title: 'Dune', tags: renamed, year: 1966 });

      const fewerTags = await edit({ title: 'Dune', tags: ['desert', 'spice', 'tag 0'], year: 1966 });
      expect(fewerTags.deleted).toEqual({ [tags.id]: 50 });
      expect(fewerTags.item.values).toEqual({ title: 'Dune', tags: ['desert', 'spice', 'tag 0'], year: 1966 });

      const unchanged = await edit({ title: 'Dune', tags: ['desert', 'spice', 'tag 0'], year: 1966 });
      expect(unchanged.deleted).toEqual({});
      // The filter panel's counts followed the tags that left and came.
      const facets = await getJson<{ filters: { key: string; values: { value: string; count: number }[] }[] }>(
        `/api/v1/collections/${c.id}/filters?q=dune`,
        owner.token,
      );
      expect(
        facets.filters
          .find((f) => f.key === 'tags')!
          .values.map((v) => v.value)
          .sort(),
      ).toEqual(['desert', 'spice', 'tag 0']);
    } finally {
      await env.DB.exec('DROP TRIGGER log_deleted_values');
      await env.DB.exec('DROP TABLE deleted_values');
    }
  });
});
