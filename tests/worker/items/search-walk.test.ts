// A page of many search matches walks its sort order and tests each item it passes against the search
// (features/items/search-row-test.ts): the plain words in the item's indexed text first, the index
// itself when the text cannot tell. Whatever the text (accents, other scripts, separators of every
// kind), the walk must find exactly the items the search index matches. The suite sets LIST_FEW_MATCHES
// to 20, so these searches of more matches are walked.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ItemPage } from '@shared/schemas/items';
import { searchRowTest } from '@worker/features/items/search-row-test';
import { call, createUser } from '../../support/worker-app';
import { addItem, addProperty, createCollection } from '../../support/worker-catalogue';

/** Words a search for "story" (and its prefixes) may or may not match, as the tokenizer sees them. */
const VARIANTS = [
  'story',
  'Story',
  'STÓRY',
  'stòry',
  'sto\u0301ry',
  'éstory',
  'xstory',
  'story-teller',
  'a\u0301story',
  '\u0301story',
  'a\u0332story',
  'ßtory',
  'İstory',
  "l'story",
  'ﬁstory',
  '«story»',
  'sto_ry',
  'sto ry',
  'history',
  '\u00a0story',
  '\u2019story',
  'Ｓtory',
  'storé',
  'stor',
  'ſtory',
  '2story',
  'story2',
  'tale',
];

async function collectionOfVariants() {
  const owner = await createUser();
  const collection = await createCollection(owner.token, { name: 'Variants', visibility: 0 });
  await addProperty(owner.token, collection.id, { label: 'Name', type: 'text', isTitle: true, searchable: true, sortable: true });
  await addProperty(owner.token, collection.id, { label: 'Shelf', type: 'text', filterable: true });
  await addProperty(owner.token, collection.id, { label: 'Memo', type: 'text', searchable: true, visibility: 3 });
  await addProperty(owner.token, collection.id, { label: 'Read', type: 'yesno', filterable: true });
  await addProperty(owner.token, collection.id, { label: 'Tags', type: 'text', multiple: true, filterable: true });
  for (let n = 0; n < 84; n += 1) {
    const name = `${VARIANTS[n % VARIANTS.length]} ${VARIANTS[(n * 5 + 3) % VARIANTS.length]} ${n}`;
    const values = {
      name,
      shelf: n % 3 === 0 ? 'Red' : 'Blue',
      ...(n % 4 === 0 && { memo: VARIANTS[(n * 7) % VARIANTS.length] }),
      ...(n % 5 !== 0 && { read: n % 2 === 0 }),
      tags: [['Blue'], ['Blue', 'Gold'], ['Gold']][n % 3],
    };
    await addItem(owner.token, collection.id, { values });
  }
  return { owner, collection };
}

/**
 * Every page of a list (20 a page), from each page's `next`: its items' ids, and its first page. A bitmap of one
 * byte at most (LIST_BITMAP_MAX) makes a walk of the kept lists' matches test the request's own filters.
 */
async function walkAll(path: string, token?: string): Promise<{ ids: number[]; first: ItemPage }> {
  const get = async (url: string) => {
    const res = await call(url, { token, env: { LIST_BITMAP_MAX: '1' } });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as ItemPage;
  };
  const first = await get(path);
  const ids = first.items.map((item) => item.id);
  // (A page read whole and sorted has no `next`: the following one is asked by its number.)
  for (let page = first, n = 2; page.items.length === 20; n += 1) {
    page = await get(`${path}&page=${n}${page.next ? `&after=${encodeURIComponent(page.next)}` : ''}`);
    ids.push(...page.items.map((item) => item.id));
  }
  return { ids, first };
}

/** What the search index alone matches in the collection (its own ids, ascending). */
async function indexMatches(match: string, collectionId: number): Promise<number[]> {
  const { results } = await env.DB.prepare(`SELECT rowid AS id FROM items_search WHERE items_search MATCH ? ORDER BY rowid`)
    .bind(`(${match}) AND facets : "c${collectionId}"`)
    .all<{ id: number }>();
  return results.map((row) => row.id);
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('a walked search page', () => {
  it('finds exactly what the search index matches, for every kind of text, caller and value filter', { timeout: 180_000 }, async () => {
    const { owner, collection } = await collectionOfVariants();
    const base = `/api/v1/collections/${collection.id}/items?perPage=20&sort=name&dir=asc`;
    const cases = [
      { q: 'story', match: '{everyone} : ("story"*)', token: undefined, filter: '' },
      { q: 'STORY', match: '{everyone logged_in owner} : ("story"*)', token: owner.token, filter: '' },
      { q: 'stor sto', match: '{everyone} : ("stor"* "sto"*)', token: undefined, filter: '' },
      { q: 'sto', match: '{everyone} : ("sto"*)', token: undefined, filter: '' },
      { q: 'story', match: '({everyone} : ("story"*)) AND facets : ("red")', token: undefined, filter: '&f.shelf=Red' },
      { q: '', match: 'facets : ("red")', token: undefined, filter: '&f.shelf=Red' },
    ];
    for (const { q, match, token, filter } of cases) {
      // (The shelf's facet token, as the writer makes it: "f<property id>v<hex>".)
      const shelfToken = filter ? await shelfFacet(collection.id) : null;
      const expected = await indexMatches(shelfToken ? match.replace('("red")', `("${shelfToken}")`) : match, collection.id);
      expect(expected.length, q).toBeGreaterThan(20);
      if (!q) expect(expected.length).toBeLessThan(84);
      const { ids, first } = await walkAll(`${base}&q=${encodeURIComponent(q)}${filter}`, token);
      // A search alone of more matches than read whole is walked (its total estimated); with a filter, the
      // kept lists' matches are sorted and tested (testedPage), or walked.
      if (!filter) expect(first.totalEstimated, q).toBe(true);
      expect(new Set(ids).size, q).toBe(ids.length);
      expect(sorted(ids), `${q}${filter}`).toEqual(expected);
    }
  });
});

/** The facet token of a text value, as the writer makes it: "f<property id>v<hex of its sort text>". */
async function shelfFacet(collectionId: number, key = 'shelf', value = 'red'): Promise<string> {
  const row = await env.DB.prepare(`SELECT id FROM properties WHERE collection_id = ? AND key = ?`)
    .bind(collectionId, key)
    .first<{ id: number }>();
  return `f${row!.id}v${[...new TextEncoder().encode(value)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

describe('the test of a search on one item', () => {
  it('keeps exactly the items the search index matches, value filters (text and yes/no) included', async () => {
    const { collection } = await collectionOfVariants();
    const shelf = await shelfFacet(collection.id);
    const read = (await env.DB.prepare(`SELECT id FROM properties WHERE collection_id = ? AND key = 'read'`)
      .bind(collection.id)
      .first<{ id: number }>())!.id;
    const matches = [
      `facets : ("${shelf}")`,
      `facets : ("f${read}vtrue")`,
      `facets : ("f${read}vfalse" OR "f${read}vtrue")`,
      `facets : ("f${read}vfalse") AND facets : ("${shelf}")`,
      // A value of a multi-valued property, first or second.
      `facets : ("${await shelfFacet(collection.id, 'tags', 'gold')}")`,
      `({everyone} : ("story"* "sto"*)) AND facets : ("f${read}vfalse")`,
      `({everyone logged_in owner} : ("stor"*)) AND facets : ("${shelf}" OR "f${read}vtrue")`,
    ];
    for (const match of matches) {
      const { results } = await env.DB.prepare(
        `SELECT i.id FROM items i WHERE i.collection_id = ? AND ${searchRowTest(match, 'i.id')} ORDER BY i.id`,
      )
        .bind(collection.id, match)
        .all<{ id: number }>();
      const expected = await indexMatches(match, collection.id);
      expect(expected.length, match).toBeGreaterThan(0);
      expect(
        results.map((row) => row.id),
        match,
      ).toEqual(expected);
    }
  });
});
