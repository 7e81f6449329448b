// Titles sort naturally ("Book 2" before "Book 10", leading articles skipped) in SQL, across pages and
// in search results, and the re-keying job gives values written before natural keys existed theirs.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ItemPage } from '@shared/schemas/items';
import { naturalKeysJob } from '@worker/features/items/natural-keys.job';
import { createBudget } from '@worker/jobs/job';
import { call, createUser, errorCode } from '../../support/worker-app';
import { addItem, addProperty, createCollection, getJson } from '../../support/worker-catalogue';

const BOOKS = Array.from({ length: 21 }, (_, i) => `Book ${i + 1}`);
const OTHERS = ['Zebra', 'L’Étranger', 'The Apple'];
const EXPECTED = ['The Apple', ...BOOKS, 'L’Étranger', 'Zebra'];

async function library(visibility = 0) {
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Library', visibility });
  await addProperty(owner.token, c.id, { label: 'Title', type: 'text', isTitle: true, sortable: true });
  // Created out of order, so neither creation order nor plain text order can pass for natural order.
  const titles = [...BOOKS.slice(10), ...OTHERS, ...BOOKS.slice(0, 10).reverse()];
  for (const title of titles) await addItem(owner.token, c.id, { values: { title: title } });
  return { owner, c };
}

async function titlesOf(path: string, token: string) {
  const page = await getJson<ItemPage>(path, token);
  return page.items.map((i) => i.title);
}

describe('natural title sort', () => {
  it('orders numbers by value and skips articles, across pages, both directions', async () => {
    const { owner, c } = await library();
    const base = `/api/v1/collections/${c.id}/items?sort=title&perPage=20`;
    const asc = [...(await titlesOf(`${base}&dir=asc&page=1`, owner.token)), ...(await titlesOf(`${base}&dir=asc&page=2`, owner.token))];
    expect(asc).toEqual(EXPECTED);
    const desc = [...(await titlesOf(`${base}&dir=desc&page=1`, owner.token)), ...(await titlesOf(`${base}&dir=desc&page=2`, owner.token))];
    expect(desc).toEqual([...EXPECTED].reverse());
  });

  it('sorts search results naturally too', async () => {
    const { owner, c } = await library();
    const found = await titlesOf(`/api/v1/collections/${c.id}/items?q=book&sort=title&dir=asc&perPage=50`, owner.token);
    expect(found).toEqual(BOOKS);
  });

  it('does not let a stranger list a private collection, sorted or not', async () => {
    const { c } = await library(3);
    const stranger = await createUser();
    const res = await call(`/api/v1/collections/${c.id}/items?sort=title`, { token: stranger.token });
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe('NOT_FOUND');
  });

  it('keys values written before natural keys existed, once, then stops', async () => {
    const { owner, c } = await library();
    await env.DB.prepare('UPDATE item_values SET natural_key = NULL').run();
    // As migration 0015 found such values: their items in the sort gaps of their property.
    await env.DB.prepare(
      `INSERT INTO item_sort_gaps (property_id, created_at, item_id) SELECT p.id, i.created_at, i.id FROM properties p JOIN items i ON i.collection_id = p.collection_id
       WHERE p.collection_id = ? AND p.sortable = 1 AND p.type = 'text'`,
    )
      .bind(c.id)
      .run();
    const run = (cursor: string | null) => {
      let saved: string | null = cursor;
      const budget = createBudget(naturalKeysJob.units);
      return naturalKeysJob
        .run(env, { now: new Date(), db: undefined as never, cursor, saveCursor: (next) => (saved = next), budget })
        .then((counts) => ({ counts, saved, used: budget.used }));
    };
    const first = await run(null);
    expect(first.counts.keyed).toBeGreaterThanOrEqual(EXPECTED.length);
    expect(first.saved).toBe('done');
    const missing = await env.DB.prepare(
      'SELECT count(*) AS n FROM item_values WHERE sort_text IS NOT NULL AND natural_key IS NULL',
    ).first<{ n: number }>();
    expect(missing?.n).toBe(0);
    // Keyed values leave the gaps (else their items would be listed twice).
    const gaps = await env.DB.prepare(
      'SELECT count(*) AS n FROM item_sort_gaps WHERE property_id IN (SELECT id FROM properties WHERE collection_id = ?)',
    )
      .bind(c.id)
      .first<{ n: number }>();
    expect(gaps?.n).toBe(0);
    const base = `/api/v1/collections/${c.id}/items?sort=title&perPage=50&dir=asc`;
    expect(await titlesOf(base, owner.token)).toEqual(EXPECTED);
    const again = await run('done');
    expect(again).toMatchObject({ counts: { keyed: 0 }, used: 0 });
  });
});
