// Demo mode seeds the demo account once with rich public collections in English and French: jacket
// covers drawn by the app, shelf photos stored in R2 as real images, multiple values, ratings and every
// content type, so visitors have something to explore.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PROPERTY_TYPES } from '@shared/catalogue';
import type { Collection } from '@shared/schemas/collections';
import type { ItemPage } from '@shared/schemas/items';
import type { BorrowerList, LendingOverview } from '@shared/schemas/lending';
import { DEMO_COLLECTIONS, DEMO_SEED_MARK, seedDemo } from '@worker/features/collections/demo-seed.service';
import { drizzle } from 'drizzle-orm/d1';
import { call, signIn } from '../../support/worker-app';

const DEMO = { env: { DEMO_MODE: 'true' } };

async function demoCollections(): Promise<Collection[]> {
  const res = await call('/api/v1/collections', DEMO);
  const body = (await res.json()) as { collections: Collection[] };
  return body.collections.filter((c) => c.ownerName === 'demo' || DEMO_COLLECTIONS.some((d) => d.name === c.name));
}

const count = async (query: string) => (await env.DB.prepare(query).first<{ n: number }>())!.n;

describe('the demo seed', () => {
  it('fills the demo account on the first request in demo mode, with covers, multiple values and every content type', async () => {
    const collections = await demoCollections();
    expect(collections.map((c) => c.name).sort()).toEqual(DEMO_COLLECTIONS.map((c) => c.name).sort());
    const total = DEMO_COLLECTIONS.reduce((n, c) => n + c.items.length, 0);
    expect(total).toBeGreaterThanOrEqual(24);
    const types = await env.DB.prepare(
      `SELECT DISTINCT p.type FROM item_values v JOIN properties p ON p.id = v.property_id JOIN collections c ON c.id = p.collection_id
       JOIN users u ON u.id = c.owner_id WHERE u.username = 'demo'`,
    ).all<{ type: string }>();
    expect(types.results.map((r) => r.type).sort()).toEqual([...PROPERTY_TYPES].sort());
    expect(
      await count(
        'SELECT count(*) AS n FROM item_values v JOIN properties p ON p.id = v.property_id WHERE p.multiple = 1 AND v.position > 0',
      ),
    ).toBeGreaterThan(5);
    expect(
      await count("SELECT count(*) AS n FROM item_values v JOIN properties p ON p.id = v.property_id WHERE p.type = 'rating'"),
    ).toBeGreaterThan(10);

    for (const collection of collections) {
      expect(collection.visibility).toBe(0);
      const seeded = DEMO_COLLECTIONS.find((d) => d.name === collection.name)!;
      const page = (await (await call(`/api/v1/collections/${collection.id}/items?perPage=50`, DEMO)).json()) as ItemPage;
      expect(page.total).toBe(seeded.items.length);
      // Covers are the app's jacket covers, drawn from title and creator: no drawn picture passes for one.
      expect(collection.image).toBeNull();
      expect(page.items.filter((i) => i.cover)).toEqual([]);
      // The drawn pictures are shelf photos, stored in R2 as real PNGs and served.
      const photos = await env.DB.prepare(
        `SELECT json_extract(v.value, '$') AS value FROM item_values v JOIN properties p ON p.id = v.property_id WHERE p.collection_id = ? AND p.key = 'shelf_photo'`,
      )
        .bind(collection.id)
        .all<{ value: string }>();
      expect(photos.results).toHaveLength(seeded.items.filter((i) => i.cover).length);
      const photo = await call(`/media/${photos.results[0]!.value.slice('media://'.length)}`);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await photo.arrayBuffer());
      expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    }
    // Search and sorted lists work on seeded data like on any other.
    const books = collections.find((c) => c.name === 'Bookshelf')!;
    const found = (await (await call(`/api/v1/collections/${books.id}/items?q=herbert`, DEMO)).json()) as ItemPage;
    expect(found.total).toBe(3);
    const sorted = (await (await call(`/api/v1/collections/${books.id}/items?sort=title&dir=asc&perPage=50`, DEMO)).json()) as ItemPage;
    expect(sorted.items.slice(0, 3).map((i) => i.title)).toEqual([
      'Children of Dune',
      'Discworld 2: The Light Fantastic',
      'Discworld 10: Moving Pictures',
    ]);
    // A collection written in French, its template's labels read in each visitor's language.
    const comics = collections.find((c) => c.name === 'Bandes dessinées')!;
    expect(comics.description).toContain('albums');
    const labels = async (lang: 'en_US' | 'fr_FR') => {
      const res = await call(`/api/v1/collections/${comics.id}/properties`, { ...DEMO, lang });
      return ((await res.json()) as { properties: { key: string; label: string }[] }).properties
        .filter((p) => p.key === 'writers')
        .map((p) => p.label);
    };
    expect(await labels('fr_FR')).toEqual(['Scénaristes']);
    expect(await labels('en_US')).toEqual(['Writers']);
    // The file value downloads under its name.
    const games = collections.find((c) => c.name === 'Game night')!;
    const rules = await env.DB.prepare(
      `SELECT json_extract(v.value, '$') AS value FROM item_values v JOIN properties p ON p.id = v.property_id WHERE p.collection_id = ? AND p.type = 'file'`,
    )
      .bind(games.id)
      .first<{ value: string }>();
    const file = await call(`/media/${rules!.value.slice('media://'.length)}`);
    expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''Catan%20quick%20rules.txt");
  });

  it('seeds once: later calls add nothing', async () => {
    await call('/api/v1/collections', DEMO);
    const before = await count('SELECT count(*) AS n FROM items');
    expect(await seedDemo({ ...env, DEMO_MODE: 'true' } as never, drizzle(env.DB))).toBe(false);
    expect(await count('SELECT count(*) AS n FROM items')).toBe(before);
    expect(await count(`SELECT count(*) AS n FROM maintenance_state WHERE name = '${DEMO_SEED_MARK}' AND value = 'done'`)).toBe(1);
  });

  it('shows lending in every state, which the demo account sees and cannot change', async () => {
    await call('/api/v1/collections', DEMO);
    const token = await signIn('demo', 'demo', DEMO);
    const overview = (await (await call('/api/v1/lending', { token, ...DEMO })).json()) as LendingOverview;
    expect(overview.overdue).toHaveLength(1);
    expect(overview.requests.map((l) => l.state)).toEqual(['asked', 'accepted']);
    expect(overview.current).toHaveLength(1);
    const borrowers = (await (await call('/api/v1/borrowers', { token, ...DEMO })).json()) as BorrowerList;
    expect(borrowers.borrowers.map((b) => b.name)).toEqual(['Alice Martin', 'Bob Dupont', 'Carla Rossi']);
    const states = await env.DB.prepare(
      'SELECT DISTINCT state FROM loans l JOIN users u ON u.id = l.owner_id WHERE u.username = ? ORDER BY state',
    )
      .bind('demo')
      .all<{ state: string }>();
    expect(states.results.map((r) => r.state)).toEqual(['accepted', 'asked', 'lent', 'rejected', 'returned']);
    const refused = await call(`/api/v1/loans/${overview.requests[0]!.id}/accept`, { method: 'POST', token, json: {}, ...DEMO });
    expect(refused.status).toBe(403);
    // A visitor sees availability on the demo items, not who holds them.
    const lent = overview.current[0]!;
    const item = await (await call(`/api/v1/collections/${lent.item.collectionId}/items/${lent.item.id}`, DEMO)).json();
    expect(item).toMatchObject({ availability: { lent: 1, nextDueOn: null }, canBorrow: expect.any(Boolean) });
    expect(JSON.stringify(item)).not.toContain('carla@example.org');
  });

  it('lets the demo account open its collections but change nothing', async () => {
    await call('/api/v1/collections', DEMO);
    const token = await signIn('demo', 'demo', DEMO);
    const [collection] = await demoCollections();
    const props = await call(`/api/v1/collections/${collection!.id}/properties`, { token, ...DEMO });
    expect(props.status).toBe(200);
    const edit = await call(`/api/v1/collections/${collection!.id}`, { method: 'PATCH', token, json: { name: 'Mine' }, ...DEMO });
    expect(edit.status).toBe(403);
  });
});
