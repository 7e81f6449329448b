// The SQL of each plan of a page of items (features/items/list/), written to a reviewed snapshot file
// per plan: a change to a plan shows in review as the statements it makes. A small fixed collection
// and the suite's small tuning (LIST_* in vitest.config.ts) make each request below take the plan it
// is named after; each also names a piece of SQL only that plan writes, so a request that drifts to
// another plan fails here before its snapshot is compared.
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '@worker/db/schema';
import { listFacets, listItems, type ListRequest } from '@worker/features/items/list';
import { listPropertyRows } from '@worker/features/properties/properties.queries';
import { buildOrderStatement, orderOf, rankTuning } from '@worker/features/items/sort-ranks';
import type { PropertyRow } from '@worker/lib/values';
import { createUser } from '../../support/worker-app';
import { addItem, addProperty, createCollection } from '../../support/worker-catalogue';
import { recordedD1 } from '../../support/worker-recorded-d1';

const WORDS = ['amber', 'birch', 'cedar', 'delta', 'ember', 'frost', 'garnet'] as const;
const GENRES = ['Essay', 'Novel', 'Poetry', 'Tale'] as const;
const TAGS = [['Red'], ['Red', 'Blue'], ['Blue']] as const;
const ITEMS = 60;

/** The suite's tuning (vitest.config.ts), as the list route reads it. */
const TUNING = {
  fewMatches: Number(env.LIST_FEW_MATCHES),
  ranks: rankTuning(env),
  rangeCountRows: Number(env.LIST_RANGE_COUNT_ROWS),
  searchProbe: Number(env.LIST_SEARCH_PROBE),
};

let collectionId = 0;
let props: PropertyRow[] = [];

async function collectionRow() {
  return (await env.DB.prepare(
    `SELECT id, count_everyone AS countEveryone, count_logged_in AS countLoggedIn, count_shared AS countShared, count_owner AS countOwner,
       unavailable_everyone AS unavailableEveryone, unavailable_logged_in AS unavailableLoggedIn, unavailable_shared AS unavailableShared,
       unavailable_owner AS unavailableOwner
     FROM collections WHERE id = ?`,
  )
    .bind(collectionId)
    .first())!;
}

function request(params: Record<string, string | string[]>): ListRequest {
  const raw = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value : [value]]));
  const one = (key: string) => (typeof params[key] === 'string' ? params[key] : undefined);
  return {
    q: one('q'),
    sort: one('sort'),
    dir: one('dir') as ListRequest['dir'],
    page: one('page') ? Number(one('page')) : undefined,
    after: one('after'),
    before: one('before'),
    perPage: one('perPage') ?? '10',
    availability: one('availability') as ListRequest['availability'],
    loansEnabled: true,
    raw,
  };
}

/** The statements one page of the owner's list (or another caller's) makes, one a line, and the page. */
async function planned(params: Record<string, string | string[]>, level: 0 | 2 | 3 = 3) {
  const { d1, statements } = recordedD1(env.DB);
  const page = await listItems(d1, (await collectionRow()) as never, level, props, request(params), TUNING);
  return { sql: `${statements.join('\n\n')}\n`, page };
}

const snapshot = (name: string) => `./__snapshots__/items-list-plans/${name}.sql`;

beforeAll(async () => {
  const owner = await createUser();
  const collection = await createCollection(owner.token, { name: 'Plans', visibility: 0 });
  collectionId = collection.id;
  await addProperty(owner.token, collectionId, { label: 'Name', type: 'text', isTitle: true, searchable: true, sortable: true });
  await addProperty(owner.token, collectionId, { label: 'Genre', type: 'text', filterable: true });
  await addProperty(owner.token, collectionId, { label: 'Tags', type: 'text', multiple: true, filterable: true });
  await addProperty(owner.token, collectionId, { label: 'Year', type: 'number', filterable: true, sortable: true });
  await addProperty(owner.token, collectionId, { label: 'Bought', type: 'date', filterable: true });
  for (let n = 0; n < ITEMS; n += 1) {
    // Every name holds "copy" (many matches); one in twenty holds "quartz" (few).
    const name = `${WORDS[n % 7]} ${n % 20 === 0 ? 'quartz' : 'copy'} ${WORDS[(n * 3 + 1) % 7]} ${n}`;
    const bought = new Date(Date.UTC(2018, 0, 1) + n * 20 * 86_400_000).toISOString().slice(0, 10);
    await addItem(owner.token, collectionId, {
      values: { name, genre: GENRES[n % 4], tags: [...TAGS[n % 3]!], year: 1990 + (n % 8), bought },
      ...(n % 10 === 9 && { visibility: 3 }),
      ...(n % 10 === 4 && { visibility: 2 }),
    });
  }
  props = await listPropertyRows(drizzle(env.DB, { schema }), collectionId);
}, 360_000);

describe('the SQL of each plan of a page of items', () => {
  it('walks the dates index when nothing narrows the list', async () => {
    const { sql, page } = await planned({});
    expect(sql).toContain('INDEXED BY items_collection_created_idx');
    expect(page.items).toHaveLength(10);
    await expect(sql).toMatchFileSnapshot(snapshot('walk-created'));
  });

  it('walks a property sort index, then the items without a value', async () => {
    const { sql } = await planned({ sort: 'name', dir: 'asc' });
    expect(sql).toContain('FROM item_values s CROSS JOIN items i');
    await expect(sql).toMatchFileSnapshot(snapshot('walk-sorted'));
  });

  it('starts a walk from the cursor of the page before', async () => {
    const first = await planned({});
    const { sql } = await planned({ page: '2', after: first.page.next! });
    expect(sql).toContain('(i.created_at, i.id) < (?, ?)');
    await expect(sql).toMatchFileSnapshot(snapshot('walk-after-cursor'));
  });

  it('reads the last page from the end', async () => {
    const { sql } = await planned({ sort: 'year', before: 'end' });
    expect(sql).toContain('FROM item_sort_gaps g');
    await expect(sql).toMatchFileSnapshot(snapshot('walk-last-page'));
  });

  it('starts a page typed far into the list from the kept sort ranks', async () => {
    await buildOrderStatement(env.DB, collectionId, orderOf('created'), TUNING.ranks.bucket).run();
    const { sql } = await planned({ page: '3', perPage: '5' });
    expect(sql).toContain('FROM sort_ranks');
    await expect(sql).toMatchFileSnapshot(snapshot('sort-ranks'));
  });

  it('sorts few full-text matches in the Worker', async () => {
    const { sql, page } = await planned({ q: 'quartz' });
    expect(sql).toContain('(VALUES ');
    expect(page.total).toBe(3);
    await expect(sql).toMatchFileSnapshot(snapshot('full-text-few'));
  });

  it('walks many full-text matches, testing the search on each item', async () => {
    const { sql } = await planned({ q: 'copy' });
    expect(sql).toContain('items_search MATCH');
    expect(sql).toContain('INDEXED BY items_collection_created_idx');
    await expect(sql).toMatchFileSnapshot(snapshot('full-text-walk'));
  });

  it('reads every full-text match for a deep page without ranks', async () => {
    const { sql } = await planned({ q: 'copy', sort: 'year', page: '3' });
    expect(sql).toContain('count(*) OVER ()');
    await expect(sql).toMatchFileSnapshot(snapshot('full-text-read-all'));
  });

  it('reads the kept list of a value filter whole and sorts it', async () => {
    const { sql } = await planned({ 'f.genre': 'Essay' });
    expect(sql).toContain('FROM facet_counts f');
    expect(sql).toContain('SELECT m.id');
    await expect(sql).toMatchFileSnapshot(snapshot('kept-lists-read-whole'));
  });

  it('walks a long kept list tested as a bitmap', async () => {
    const { sql } = await planned({ 'f.tags': 'Red', perPage: '5' });
    expect(sql).toContain('substr(?, +i.id');
    await expect(sql).toMatchFileSnapshot(snapshot('kept-lists-walk'));
  });

  it('probes the search index beside the kept lists', async () => {
    const { sql } = await planned({ q: 'amber', 'f.genre': 'Novel' });
    expect(sql).toContain('WITH texts AS MATERIALIZED');
    await expect(sql).toMatchFileSnapshot(snapshot('kept-lists-search'));
  });

  it('counts a date range from its spans and lists', async () => {
    const { sql } = await planned({ 'min.bought': '2018-03-01', 'max.bought': '2019-06-30' });
    expect(sql).toContain('facet_spans');
    await expect(sql).toMatchFileSnapshot(snapshot('range-counts-date'));
  });

  it('walks a wide range with "available", counted from its values', async () => {
    const { sql } = await planned({ 'min.year': '1991', availability: 'available', perPage: '5' });
    expect(sql).toContain('INDEXED BY facet_counts_number_idx');
    expect(sql).toContain('INDEXED BY items_collection_created_idx');
    await expect(sql).toMatchFileSnapshot(snapshot('range-counts-walk'));
  });

  it('reads a narrow range whole from the sort index', async () => {
    const { sql } = await planned({ 'min.year': '1993', 'max.year': '1993', availability: 'available' });
    expect(sql).toContain('INDEXED BY item_values_property_number_idx');
    await expect(sql).toMatchFileSnapshot(snapshot('narrow-range'));
  });

  it('reads the items with a copy lent from their partial index', async () => {
    const { sql } = await planned({ availability: 'lent' });
    expect(sql).toContain('INDEXED BY items_lent_idx');
    await expect(sql).toMatchFileSnapshot(snapshot('lent'));
  });

  it('counts "available" alone from the collection counters', async () => {
    const { sql } = await planned({ availability: 'available' }, 0);
    expect(sql).toContain('i.quantity > i.lent_copies');
    await expect(sql).toMatchFileSnapshot(snapshot('available-alone'));
  });

  it('reads the filter panel from the kept counts, and from a sample of matches', async () => {
    const { d1, statements } = recordedD1(env.DB);
    await listFacets(d1, collectionId, 3, props, request({}), Number(env.LIST_FACET_SAMPLE));
    await listFacets(d1, collectionId, 3, props, request({ q: 'copy', 'f.genre': 'Tale' }), Number(env.LIST_FACET_SAMPLE));
    const sql = `${statements.join('\n\n')}\n`;
    expect(sql).toContain('FROM items_search WHERE items_search MATCH ? ORDER BY rowid LIMIT ?');
    await expect(sql).toMatchFileSnapshot(snapshot('facets'));
  });

  // The members of a shared collection browse at level 2: the same plans, on the members' counts.
  it("walks a member's page and counts it from the members' counter", async () => {
    const { sql, page } = await planned({}, 2);
    expect(page.total).toBe(54);
    await expect(sql).toMatchFileSnapshot(snapshot('member-walk-created'));
  });

  it("searches a member's page", async () => {
    const { sql, page } = await planned({ q: 'quartz' }, 2);
    expect(page.total).toBe(3);
    await expect(sql).toMatchFileSnapshot(snapshot('member-full-text-few'));
    // (The search's columns are bound: items.search.ts, matchExpression, names the members'.)
  });

  it("reads a member's value filter from the kept lists and the members' counts", async () => {
    const { sql, page } = await planned({ 'f.genre': 'Essay' }, 2);
    expect(sql).toContain('count_shared');
    expect(page.total).toBe(15);
    await expect(sql).toMatchFileSnapshot(snapshot('member-kept-lists'));
  });

  it("starts a member's page typed far into the list from the members' counts of the sort ranks", async () => {
    await buildOrderStatement(env.DB, collectionId, orderOf('created'), TUNING.ranks.bucket).run();
    const { sql, page } = await planned({ page: '3', perPage: '5' }, 2);
    expect(sql).toContain('FROM sort_ranks');
    expect(page.total).toBe(54);
    await expect(sql).toMatchFileSnapshot(snapshot('member-sort-ranks'));
  });

  it("reads a member's filter panel from the members' counts", async () => {
    const { d1, statements } = recordedD1(env.DB);
    const facets = await listFacets(d1, collectionId, 2, props, request({}), Number(env.LIST_FACET_SAMPLE));
    const sql = `${statements.join('\n\n')}\n`;
    expect(sql).toContain('count_shared > 0 ORDER BY count_shared DESC');
    const genres = facets.find((f) => f.key === 'genre')!;
    expect(genres.kind === 'values' && genres.values.reduce((n, v) => n + v.count, 0)).toBe(54);
    await expect(sql).toMatchFileSnapshot(snapshot('member-facets'));
  });
});
