// The lists of items each value's facet_counts row keeps (migration 0029), and the pages read from them.
// derived-consistency.test.ts checks every list against the values after random writes, and
// list-reference.test.ts every page against a plain reference, with lists and without; this file checks
// what those cannot reach at the suite's sizes: a list past FACET_ITEMS_CAP, and what a listed page reads.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ItemPage } from '../../shared/schemas/items';
import { FACET_ITEMS_CAP } from '../../worker/src/db/schema';
import { call, createUser } from '../support/worker-app';
import { addItem, addProperty, createCollection, getJson } from '../support/worker-catalogue';

async function listOf(propertyId: number, key: string): Promise<string | null | undefined> {
  const row = await env.DB.prepare('SELECT items FROM facet_counts WHERE property_id = ? AND sort_key = ?').bind(propertyId, key).first<{ items: string | null }>();
  return row === null ? undefined : row.items;
}

const idsOf = (list: string | null | undefined) => (list ? list.trim().split(' ').filter(Boolean).map(Number).sort((a, b) => a - b) : list);

/** How the statement reading listed matches starts (the metrics give each statement's first 100 characters). */
const LISTED_READ = 'SELECT m.id, ';

/** Statements of a metered request, with the rows each read. */
async function metered(path: string, token: string | undefined) {
  const response = await call(path, { token, env: { EXPOSE_D1_METRICS: 'true' }, headers: { 'x-measure-d1': '1' } });
  expect(response.status).toBe(200);
  const statements = JSON.parse(decodeURIComponent(response.headers.get('x-d1-statements') ?? '[]')) as { sql: string; read: number }[];
  return { page: (await response.json()) as ItemPage, statements };
}

describe('kept lists of items', () => {
  it('list the items the owner may see, and are dropped for good past the cap until the value goes', async () => {
    const owner = await createUser();
    const collection = await createCollection(owner.token, { name: 'Shelf', visibility: 0 });
    await addProperty(owner.token, collection.id, { label: 'Name', type: 'text', isTitle: true, sortable: true });
    const shelf = await addProperty(owner.token, collection.id, { label: 'Shelf', type: 'text', filterable: true });
    const a = await addItem(owner.token, collection.id, { values: { name: 'One', shelf: 'Red' } });
    const b = await addItem(owner.token, collection.id, { values: { name: 'Two', shelf: 'red' } });
    // A hidden item (level 4) is seen by nobody's lists, the owner's included.
    await addItem(owner.token, collection.id, { visibility: 4, values: { name: 'Three', shelf: 'Red' } });
    expect(idsOf(await listOf(shelf.id, 'red'))).toEqual([a.id, b.id].sort((x, y) => x - y));

    // As many holders as the cap (the count stands for them): one more and the list is dropped.
    await env.DB.prepare('UPDATE facet_counts SET count_owner = ? WHERE property_id = ? AND sort_key = ?').bind(FACET_ITEMS_CAP, shelf.id, 'red').run();
    const c = await addItem(owner.token, collection.id, { values: { name: 'Four', shelf: 'Red' } });
    expect(await listOf(shelf.id, 'red')).toBeNull();
    // Taking items out does not bring it back (the list would miss those it dropped)...
    expect((await call(`/api/v1/collections/${collection.id}/items/${c.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(await listOf(shelf.id, 'red')).toBeNull();
    // ...and pages go on without it, through the search index: still exact.
    const page = await getJson<ItemPage>(`/api/v1/collections/${collection.id}/items?f.shelf=Red&sort=name&dir=asc`, owner.token);
    expect(page.items.map((item) => item.id)).toEqual([a.id, b.id]);
    // Another value keeps its own list.
    const d = await addItem(owner.token, collection.id, { values: { name: 'Five', shelf: 'Blue' } });
    expect(idsOf(await listOf(shelf.id, 'blue'))).toEqual([d.id]);
  });

  it('give a narrowed page its matches at about a row each, exact for every caller', async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const collection = await createCollection(owner.token, { name: 'Books', visibility: 0 });
    await addProperty(owner.token, collection.id, { label: 'Name', type: 'text', isTitle: true, sortable: true });
    await addProperty(owner.token, collection.id, { label: 'Authors', type: 'text', multiple: true, filterable: true });
    await addProperty(owner.token, collection.id, { label: 'Year', type: 'number', sortable: true, filterable: true });
    const made: { id: number; name: string; level: number; ann: boolean; year: number }[] = [];
    for (let n = 0; n < 60; n += 1) {
      const name = `Book ${String((n * 29) % 60).padStart(2, '0')}`;
      const ann = n % 6 === 0;
      const level = n % 12 === 6 ? 3 : n % 12 === 0 ? 1 : 0;
      const authors = ann ? ['Ann', `Writer ${n}`] : [`Writer ${n}`];
      const year = 1990 + (n % 10);
      const item = await addItem(owner.token, collection.id, { visibility: level === 0 ? null : level, values: { name, authors, year } });
      made.push({ id: item.id, name, level, ann, year });
    }
    const base = `/api/v1/collections/${collection.id}/items`;
    const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1);
    for (const [level, token] of [
      [0, undefined],
      [1, stranger.token],
      [3, owner.token],
    ] as const) {
      // Ten books of Ann's: read whole, a row each, and sorted in the Worker.
      const { page, statements } = await metered(`${base}?f.authors=ann&sort=name&dir=desc`, token);
      const expected = made.filter((m) => m.ann && m.level <= level).sort(byName).reverse();
      expect(page.items.map((item) => item.id), `level ${level}`).toEqual(expected.map((m) => m.id));
      expect(page.total).toBe(expected.length);
      const listed = statements.find((st) => st.sql.startsWith(LISTED_READ));
      expect(listed, `level ${level}`).toBeDefined();
      const read = statements.filter((st) => st === listed || st.sql.startsWith('SELECT i.*')).reduce((n, st) => n + st.read, 0);
      // The ten matches' keys and the page's items (each with its copies lent), not the collection's 60 items.
      expect(read, `level ${level}`).toBeLessThanOrEqual(10 + 2 * expected.length);

      // Two years of the sixty: a range, from the lists of its values.
      const years = await metered(`${base}?min.year=1998&sort=created&dir=asc`, token);
      const inRange = made.filter((m) => m.year >= 1998 && m.level <= level);
      expect(years.page.items.map((item) => item.id), `level ${level}, years`).toEqual(inRange.map((m) => m.id));
      expect(years.page.total).toBe(inRange.length);
      expect(years.statements.some((st) => st.sql.startsWith(LISTED_READ))).toBe(true);
    }
  });
});
