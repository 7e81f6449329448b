// The lists of items each value's facet_counts row keeps (migration 0029), and the pages read from them.
// derived-consistency.test.ts checks every list against the values after random writes, and
// list-reference.test.ts every page against a plain reference, with lists and without; this file checks
// what those cannot reach at the suite's sizes: a list long enough to close a chunk, and what a listed
// page reads.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ItemPage } from '@shared/schemas/items';
import { call, createUser } from '../../support/worker-app';
import { addItem, addProperty, createCollection, getJson } from '../../support/worker-catalogue';
import { runImport } from '../../support/worker-imports';
import { waitUntil } from '../finished-run';
import { createBudget } from '@worker/jobs/job';
import { numberSpansJob } from '@worker/features/items/number-spans.job';

async function listOf(propertyId: number, key: string): Promise<string | null | undefined> {
  const row = await env.DB.prepare('SELECT items FROM facet_counts WHERE property_id = ? AND sort_key = ?')
    .bind(propertyId, key)
    .first<{ items: string | null }>();
  return row === null ? undefined : row.items;
}

/** A value's whole list: its newest items and its closed chunks. */
async function wholeList(propertyId: number, key: string): Promise<string | null> {
  const row = await env.DB.prepare(
    `SELECT f.items || coalesce((SELECT group_concat(c.items, '') FROM facet_item_chunks c WHERE c.property_id = f.property_id AND c.sort_key = f.sort_key), '') AS items
     FROM facet_counts f WHERE f.property_id = ? AND f.sort_key = ?`,
  )
    .bind(propertyId, key)
    .first<{ items: string | null }>();
  return row?.items ?? null;
}

const idsOf = (list: string | null | undefined) =>
  list
    ? list
        .trim()
        .split(' ')
        .filter(Boolean)
        .map(Number)
        .sort((a, b) => a - b)
    : list;

/** How the statement reading listed matches starts (the metrics give each statement's first 100 characters). */
const LISTED_READ = 'SELECT m.id, ';

/** Statements of a metered request, with the rows each read. */
async function metered(path: string, token: string | undefined, tuning: Record<string, string> = {}) {
  const response = await call(path, { token, env: { EXPOSE_D1_METRICS: 'true', ...tuning }, headers: { 'x-measure-d1': '1' } });
  expect(response.status).toBe(200);
  const statements = JSON.parse(decodeURIComponent(response.headers.get('x-d1-statements') ?? '[]')) as { sql: string; read: number }[];
  return { page: (await response.json()) as ItemPage, statements };
}

/**
 * 600 items imported with a name, a genre (one in three a novel) and a third value of `third`'s type,
 * `value(n)` for the n-th item: the collection, its owner and the items as imported.
 */
async function shelfOf<T extends string | number>(third: { label: string; type: 'date' | 'number' | 'datetime' }, value: (n: number) => T) {
  const owner = await createUser();
  const collection = await createCollection(owner.token, { name: `${third.label} shelf`, visibility: 0 });
  await addProperty(owner.token, collection.id, { label: 'Name', type: 'text', isTitle: true, sortable: true });
  await addProperty(owner.token, collection.id, { label: 'Genre', type: 'text', filterable: true });
  await addProperty(owner.token, collection.id, { label: third.label, type: third.type, filterable: true });
  const rows = Array.from({ length: 600 }, (_, n) => ({
    n,
    name: `Name ${String(n).padStart(3, '0')}`,
    genre: n % 3 === 0 ? 'Novel' : 'Tale',
    value: value(n),
  }));
  const csv = `ref,name,genre,third\n${rows.map((row) => `r${row.n},${row.name},${row.genre},${row.value}`).join('\n')}\n`;
  const plan = {
    format: 'csv' as const,
    keyField: 'c0',
    fields: ['name', 'genre', third.label.toLowerCase()].map((property, i) => ({ field: `c${i + 1}`, property })),
  };
  expect((await runImport(owner.token, collection.id, csv, 'rows.csv', plan)).status).toBe('done');
  return { owner, collection, rows };
}

/** The span width of a collection's property `key` (null while it has none, facet-spans.ts). */
async function spanWidth(collectionId: number, key: string): Promise<number | null> {
  return (await env.DB.prepare('SELECT span_width AS w FROM properties WHERE collection_id = ? AND key = ?')
    .bind(collectionId, key)
    .first<{ w: number | null }>())!.w;
}

/** The same, once the build a range started after its answer has given it one. */
const builtSpanWidth = (collectionId: number, key: string) =>
  waitUntil(
    () => spanWidth(collectionId, key),
    (width) => width !== null,
    `the span width of ${key}`,
  );

describe('kept lists of items', () => {
  it('list the items the owner may see, closing long lists into chunks that writes keep and a gone value takes along', async () => {
    const owner = await createUser();
    const collection = await createCollection(owner.token, { name: 'Shelf', visibility: 0 });
    await addProperty(owner.token, collection.id, { label: 'Name', type: 'text', isTitle: true, sortable: true });
    const shelf = await addProperty(owner.token, collection.id, { label: 'Shelf', type: 'text', filterable: true });
    const base = `/api/v1/collections/${collection.id}/items`;
    const a = await addItem(owner.token, collection.id, { values: { name: 'One', shelf: 'Red' } });
    const b = await addItem(owner.token, collection.id, { values: { name: 'Two', shelf: 'red' } });
    // A hidden item (level 4) is in nobody's list, the owner's included.
    const hidden = await addItem(owner.token, collection.id, { visibility: 4, values: { name: 'Three', shelf: 'Red' } });
    expect(idsOf(await listOf(shelf.id, 'red'))).toEqual([a.id, b.id].sort((x, y) => x - y));

    // A list past 32,000 characters is closed into a chunk (here lengthened by ids of no item, as four
    // thousand items would; migration 0032).
    const others = Array.from({ length: 3_600 }, (_, n) => 90_000_000 + n);
    await env.DB.prepare(`UPDATE facet_counts SET items = items || ? WHERE property_id = ? AND sort_key = 'red'`)
      .bind(`${others.join(' ')} `, shelf.id)
      .run();
    expect(await listOf(shelf.id, 'red')).toBe(' ');
    expect(idsOf(await wholeList(shelf.id, 'red'))).toEqual([a.id, b.id, ...others].sort((x, y) => x - y));
    // Newer items go to the open list; one taken out, or hidden, leaves its chunk; one shown again is new.
    const c = await addItem(owner.token, collection.id, { values: { name: 'Four', shelf: 'Red' } });
    expect(idsOf(await listOf(shelf.id, 'red'))).toEqual([c.id]);
    expect((await call(`${base}/${a.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect((await call(`${base}/${b.id}`, { method: 'PATCH', token: owner.token, json: { visibility: 4 } })).status).toBe(200);
    expect(idsOf(await wholeList(shelf.id, 'red'))).toEqual([c.id, ...others]);
    expect((await call(`${base}/${b.id}`, { method: 'PATCH', token: owner.token, json: { visibility: null } })).status).toBe(200);
    expect((await call(`${base}/${hidden.id}`, { method: 'PATCH', token: owner.token, json: { visibility: null } })).status).toBe(200);
    expect(idsOf(await listOf(shelf.id, 'red'))).toEqual([b.id, c.id, hidden.id].sort((x, y) => x - y));
    expect(idsOf(await wholeList(shelf.id, 'red'))).toEqual([b.id, c.id, hidden.id, ...others].sort((x, y) => x - y));
    // Pages read the whole list: the ids of no item are no match.
    const page = await getJson<ItemPage>(`${base}?f.shelf=Red&sort=name&dir=asc`, owner.token);
    expect(page.items.map((item) => item.id)).toEqual([c.id, hidden.id, b.id]);
    // The value gone (no holder left), its chunks go too.
    for (const id of [b.id, c.id, hidden.id])
      expect((await call(`${base}/${id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(await listOf(shelf.id, 'red')).toBeUndefined();
    const chunks = await env.DB.prepare('SELECT count(*) AS n FROM facet_item_chunks WHERE property_id = ?')
      .bind(shelf.id)
      .first<{ n: number }>();
    expect(chunks!.n).toBe(0);
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
      const expected = made
        .filter((m) => m.ann && m.level <= level)
        .sort(byName)
        .reverse();
      expect(
        page.items.map((item) => item.id),
        `level ${level}`,
      ).toEqual(expected.map((m) => m.id));
      expect(page.total).toBe(expected.length);
      const listed = statements.find((st) => st.sql.startsWith(LISTED_READ));
      expect(listed, `level ${level}`).toBeDefined();
      const read = statements.filter((st) => st === listed || st.sql.startsWith('SELECT i.*')).reduce((n, st) => n + st.read, 0);
      // The ten matches' keys and the page's items (each with its copies lent), not the collection's 60 items.
      expect(read, `level ${level}`).toBeLessThanOrEqual(10 + 2 * expected.length);

      // Two years of the sixty: a range, from the lists of its values.
      const years = await metered(`${base}?min.year=1998&sort=created&dir=asc`, token);
      const inRange = made.filter((m) => m.year >= 1998 && m.level <= level);
      expect(
        years.page.items.map((item) => item.id),
        `level ${level}, years`,
      ).toEqual(inRange.map((m) => m.id));
      expect(years.page.total).toBe(inRange.length);
      expect(years.statements.some((st) => st.sql.startsWith(LISTED_READ))).toBe(true);
    }
  });

  it('tests a search on the listed matches a page needs, in their order, and counts the rest from those tested', async () => {
    const owner = await createUser();
    const collection = await createCollection(owner.token, { name: 'Searched shelf', visibility: 0 });
    await addProperty(owner.token, collection.id, { label: 'Name', type: 'text', isTitle: true, sortable: true, searchable: true });
    await addProperty(owner.token, collection.id, { label: 'Genre', type: 'text', filterable: true });
    await addProperty(owner.token, collection.id, { label: 'Memo', type: 'text', searchable: true });
    // 600 items, one in ten a novel. Names sort the other way round from the rows: the first novels by
    // name are the last rows. "zeta" is in the memo of the first 150 rows, "eta" of the first 450.
    const rows = Array.from(
      { length: 600 },
      (_, n) =>
        `r${n},Name ${String(600 - n).padStart(3, '0')},${n % 10 === 0 ? 'Novel' : 'Tale'},${n < 150 ? 'zeta eta' : n < 450 ? 'eta' : 'theta'} memo`,
    );
    const plan = {
      format: 'csv' as const,
      keyField: 'c0',
      fields: [
        { field: 'c1', property: 'name' },
        { field: 'c2', property: 'genre' },
        { field: 'c3', property: 'memo' },
      ],
    };
    expect((await runImport(owner.token, collection.id, `ref,name,genre,memo\n${rows.join('\n')}\n`, 'rows.csv', plan)).status).toBe(
      'done',
    );
    const base = `/api/v1/collections/${collection.id}/items?f.genre=Novel&sort=name&dir=asc&perPage=20`;
    const novels = Array.from({ length: 60 }, (_, k) => 590 - 10 * k);
    const named = async (page: ItemPage) => page.items.map((item) => item.title);
    const nameOf = (n: number) => `Name ${String(600 - n).padStart(3, '0')}`;
    // "zeta": the probe finds its first novels all match; the first candidates by name do not, so a second
    // statement tests the others, and the total is exact.
    const zeta = await metered(`${base}&q=zeta`, owner.token);
    expect(await named(zeta.page)).toEqual(novels.filter((n) => n < 150).map(nameOf));
    expect(zeta.page.total).toBe(15);
    expect(zeta.page.totalEstimated ?? false).toBe(false);
    expect(zeta.statements.filter((st) => st.sql.startsWith('SELECT i.*')).length).toBe(2);
    // "eta" (a prefix of no other word here): the first candidates give the first page, and the others
    // are counted from the share those kept; the second page needs them all, and counts exactly.
    for (const page of [1, 2]) {
      const eta = await metered(`${base}&q=eta&page=${page}`, owner.token);
      const expected = novels.filter((n) => n < 450).map(nameOf);
      expect(await named(eta.page), `page ${page}`).toEqual(expected.slice((page - 1) * 20, page * 20));
      expect(eta.page.totalEstimated, `page ${page}`).toBe(page === 1);
      if (page === 2) expect(eta.page.total).toBe(45);
      else expect(eta.page.total).toBeGreaterThanOrEqual(30);
    }
  });
  it("walk the listed matches with their list tested as a bitmap, which reads no row, or with the request's own tests when its ids spread too far", async () => {
    const owner = await createUser();
    const collection = await createCollection(owner.token, { name: 'Walked shelf', visibility: 0 });
    await addProperty(owner.token, collection.id, { label: 'Name', type: 'text', isTitle: true, sortable: true });
    await addProperty(owner.token, collection.id, { label: 'Genre', type: 'text', filterable: true });
    await addProperty(owner.token, collection.id, { label: 'Year', type: 'number', sortable: true, filterable: true });
    // 600 items, nine in ten a tale, their years 1900 to 1999; names sort the other way round from the rows.
    const rows = Array.from({ length: 600 }, (_, n) => ({
      n,
      name: `Name ${String(600 - n).padStart(3, '0')}`,
      genre: n % 10 === 0 ? 'Novel' : 'Tale',
      year: 1900 + (n % 100),
    }));
    const csv = `ref,name,genre,year\n${rows.map((row) => `r${row.n},${row.name},${row.genre},${row.year}`).join('\n')}\n`;
    const plan = {
      format: 'csv' as const,
      keyField: 'c0',
      fields: ['name', 'genre', 'year'].map((property, i) => ({ field: `c${i + 1}`, property })),
    };
    expect((await runImport(owner.token, collection.id, csv, 'rows.csv', plan)).status).toBe('done');
    // Tales from 1950, by name: too many to read whole for a page of 20, so the page walks the names.
    const expected = rows.filter((row) => row.genre === 'Tale' && row.year >= 1950).sort((a, b) => (a.name < b.name ? -1 : 1));
    const walkedRows = (statements: { sql: string; read: number }[]) =>
      statements.filter((st) => st.sql.startsWith('SELECT i.*')).reduce((n, st) => n + st.read, 0);
    for (const page of [1, 2, 3]) {
      const path = `/api/v1/collections/${collection.id}/items?f.genre=Tale&min.year=1950&sort=name&dir=asc&perPage=20&page=${page}`;
      const context = `page ${page}`;
      const bitmap = await metered(path, owner.token);
      const spread = await call(path, {
        token: owner.token,
        env: { EXPOSE_D1_METRICS: 'true', LIST_BITMAP_MAX: '1' },
        headers: { 'x-measure-d1': '1' },
      });
      const spreadStatements = JSON.parse(decodeURIComponent(spread.headers.get('x-d1-statements') ?? '[]')) as {
        sql: string;
        read: number;
      }[];
      const names = expected.map((row) => row.name);
      for (const found of [bitmap.page, (await spread.json()) as ItemPage]) {
        const titles = found.items.map((item) => item.title);
        // A typed page of an estimated list is placed where the estimate puts it: matches that follow each other.
        const at = found.pageEstimated ? names.indexOf(titles[0]!) : (page - 1) * 20;
        expect(at, context).toBeGreaterThanOrEqual(0);
        expect(titles, context).toEqual(names.slice(at, at + 20));
      }
      expect(
        bitmap.statements.some((st) => st.sql.startsWith(LISTED_READ)),
        context,
      ).toBe(false);
      // The walk passes about 20 / 0.45 names a page, each a row, and tests the year of the tales among
      // them; its own tests also look each name up in the search index (two rows more).
      expect(walkedRows(bitmap.statements), context).toBeLessThan(walkedRows(spreadStatements));
      expect(walkedRows(bitmap.statements), context).toBeLessThanOrEqual(page * 50 * 2 + 2 * 20);
    }
  });
  it('read a date range over years from the months and years kept, exactly, however many days it holds', async () => {
    // 600 items bought on 600 days from 2018-01-01.
    const { owner, collection, rows } = await shelfOf({ label: 'Bought', type: 'date' }, (n) =>
      new Date(Date.UTC(2018, 0, 1) + n * 86_400_000).toISOString().slice(0, 10),
    );
    const base = `/api/v1/collections/${collection.id}/items`;
    for (const [range, from, to] of [
      ['min.bought=2018-02-10&max.bought=2019-06-20', '2018-02-10', '2019-06-20'],
      ['min.bought=2018-03-01', '2018-03-01', '9999'],
      ['max.bought=2019-01-15', '0000', '2019-01-15'],
      ['min.bought=2018-05-07&max.bought=2018-05-30', '2018-05-07', '2018-05-30'],
    ] as const) {
      const expected = rows.filter((row) => row.genre === 'Novel' && row.value >= from && row.value <= to).map((row) => row.name);
      const { page, statements } = await metered(`${base}?f.genre=Novel&${range}&sort=name&dir=asc&perPage=100`, owner.token);
      expect(
        page.items.map((item) => item.title),
        range,
      ).toEqual(expected.slice(0, 100));
      expect(page.total, range).toBe(expected.length);
      expect(page.totalEstimated ?? false, range).toBe(false);
      // The range's rows: the days at its ends, a row each, and its months and years; not a row a day (the
      // first range holds 496 days).
      const counted = statements.find((st) => st.sql.startsWith('SELECT * FROM (SELECT property_id AS pid'));
      expect(counted, range).toBeDefined();
      expect(counted!.read, range).toBeLessThan(80);
    }
  });

  it('read a number range of many values from spans of a width, built after the first range that found more than it read', async () => {
    // 600 prices a tenth apart from 0 to 299.9, in no order.
    const { owner, collection, rows } = await shelfOf({ label: 'Price', type: 'number' }, (n) => ((n * 37) % 3000) / 10);
    const base = `/api/v1/collections/${collection.id}/items?sort=name&dir=asc&perPage=50`;
    const check = async (range: string, from: number, to: number, genre = true) => {
      const expected = rows
        .filter((row) => (!genre || row.genre === 'Novel') && row.value >= from && row.value <= to)
        .map((row) => row.name);
      // (A range's count reads 100 rows, not the suite's 14.)
      const { page, statements } = await metered(`${base}${genre ? '&f.genre=Novel' : ''}&${range}`, owner.token, {
        LIST_RANGE_COUNT_ROWS: '100',
      });
      expect(
        page.items.map((item) => item.title),
        range,
      ).toEqual(expected.slice(0, 50));
      return { page, statements, expected };
    };
    // The first range finds some 400 values in range, more than it reads: right all the same, and the
    // price gets a width (a tenth: 3,000 of them over its spread) and its spans after the answer.
    expect(await spanWidth(collection.id, 'price')).toBeNull();
    await check('min.price=12.35&max.price=250', 12.35, 250);
    expect(await builtSpanWidth(collection.id, 'price')).toBe(0.1);
    // Then the same range reads the values at its ends and the spans between (a tenth, one, ten wide):
    // listed and exact, in a few dozen rows (with an open end, every span of ten past the other: 29).
    for (const [range, from, to] of [
      ['min.price=12.35&max.price=250', 12.35, 250],
      ['max.price=33.3', -Infinity, 33.3],
      ['min.price=0.05', 0.05, Infinity],
      ['min.price=12.31&max.price=12.39', 12.31, 12.39],
      ['min.price=50&max.price=40', 50, 40],
      ['min.price=99.95&max.price=200.05', 99.95, 200.05],
      // Spans a tenth wide at both ends, read by a seek each (an OR of them would read every span).
      ['min.price=12.35&max.price=250.55', 12.35, 250.55],
    ] as const) {
      const { page, statements, expected } = await check(range, from, to);
      expect(page.total, range).toBe(expected.length);
      expect(page.totalEstimated ?? false, range).toBe(false);
      const lists = statements.find((st) => st.sql.startsWith('SELECT * FROM (SELECT property_id AS pid'));
      expect(lists!.read, range).toBeLessThan(100);
    }
    // A range alone is counted from them too, exactly.
    const alone = await check('min.price=12.35&max.price=250', 12.35, 250, false);
    expect(alone.page.total).toBe(alone.expected.length);
    // Written items enter and leave them.
    const made = await addItem(owner.token, collection.id, { values: { name: 'Name 999', genre: 'Novel', price: 100.05 } });
    rows.push({ n: 999, name: 'Name 999', genre: 'Novel', value: 100.05 });
    expect((await check('min.price=99.95&max.price=200.05', 99.95, 200.05)).page.total).toBe(
      rows.filter((row) => row.genre === 'Novel' && row.value >= 99.95 && row.value <= 200.05).length,
    );
    expect((await call(`/api/v1/collections/${collection.id}/items/${made.id}`, { method: 'DELETE', token: owner.token })).status).toBe(
      204,
    );
    rows.pop();
    expect((await check('min.price=99.95&max.price=200.05', 99.95, 200.05)).page.total).toBe(
      rows.filter((row) => row.genre === 'Novel' && row.value >= 99.95 && row.value <= 200.05).length,
    );
  });

  it('keep spans of a date-time of many values the same way', async () => {
    // 600 moments seven hours apart from 2020-01-01, in no order: a width of 10^7 ms (under three hours).
    const at = (n: number) => new Date(Date.UTC(2020, 0, 1) + ((n * 37) % 600) * 7 * 3_600_000).toISOString();
    const { owner, collection, rows } = await shelfOf({ label: 'Seen', type: 'datetime' }, at);
    const base = `/api/v1/collections/${collection.id}/items?f.genre=Novel&sort=name&dir=asc&perPage=50`;
    const check = async (from: string, to: string) => {
      const expected = rows.filter((row) => row.genre === 'Novel' && row.value >= from && row.value <= to).map((row) => row.name);
      const page = (await metered(`${base}&min.seen=${from}&max.seen=${to}`, owner.token)).page;
      expect(
        page.items.map((item) => item.title),
        `${from} to ${to}`,
      ).toEqual(expected.slice(0, 50));
      return { page, expected };
    };
    await check('2020-01-10T05:30:00.000Z', '2020-05-31T00:00:00.000Z');
    expect(await builtSpanWidth(collection.id, 'seen')).toBe(1e7);
    for (const [from, to] of [
      ['2020-01-10T05:30:00.000Z', '2020-05-31T00:00:00.000Z'],
      ['2020-02-01T07:00:00.000Z', '2020-02-01T07:00:00.000Z'],
      ['2019-12-31T00:00:00.000Z', '2020-03-15T12:00:00.000Z'],
    ] as const) {
      const { page, expected } = await check(from, to);
      expect(page.total, `${from} to ${to}`).toBe(expected.length);
      expect(page.totalEstimated ?? false).toBe(false);
    }
  });

  it('are built ahead by the hourly job for the numbers of more values than a range reads, and only for them', async () => {
    const many = await shelfOf({ label: 'Price', type: 'number' }, (n) => ((n * 37) % 3000) / 10);
    const few = await shelfOf({ label: 'Price', type: 'number' }, (n) => n % 50);
    // Runs until one finds nothing left to build (the suite's other properties too).
    let cursor: string | null = null;
    for (let runs = 0; ; runs += 1) {
      expect(runs, 'the job settles').toBeLessThan(100);
      const budget = createBudget(numberSpansJob.units);
      const counts = await numberSpansJob.run(env, {
        now: new Date(),
        db: undefined as never,
        cursor,
        saveCursor: (next) => (cursor = next),
        budget,
      });
      expect(budget.used).toBeLessThanOrEqual(numberSpansJob.units);
      if (counts.built === 0 && cursor === null) break;
    }
    expect(await spanWidth(many.collection.id, 'price')).toBe(0.1);
    expect(await spanWidth(few.collection.id, 'price')).toBeNull();
    // The first range over the price reads its spans: listed, exact, a few dozen rows.
    const expected = many.rows.filter((row) => row.genre === 'Novel' && row.value >= 12.35 && row.value <= 250.55).map((row) => row.name);
    const { page, statements } = await metered(
      `/api/v1/collections/${many.collection.id}/items?f.genre=Novel&min.price=12.35&max.price=250.55&sort=name&dir=asc&perPage=50`,
      many.owner.token,
    );
    expect(page.items.map((item) => item.title)).toEqual(expected.slice(0, 50));
    expect(page.total).toBe(expected.length);
    expect(statements.find((st) => st.sql.startsWith('SELECT * FROM (SELECT property_id AS pid'))!.read).toBeLessThan(100);
  });
});
