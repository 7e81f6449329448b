// Every structure derived from item values stays equal to a rebuild from scratch, whatever sequence of
// writes made it: random (seeded) creates, edits, visibility changes, duplicates and deletes of items,
// imports (new rows and rows an earlier import made, whose facet counts the writer keeps itself), and
// property changes (flags, visibility, type, deletion), all through the API. Checked after each step:
// - collections' item counters and the filter panel's facet counts, against counts made from the rows;
// - each value's level and sort keys, against its item's level and the sort-key functions;
// - the sort gaps, against the items that have nothing to sort by for each sortable property;
// - items.data and the search index, against what the write path rebuilds for the whole collection;
// - the kept sort ranks, against the items between each bucket's boundaries (every order is built, and
//   built again after a change forgets it, so each write meets them).
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { RANGE_PROPERTY_TYPES, type PropertyType } from '@shared/catalogue';
import type { Property } from '@shared/schemas/properties';
import * as schema from '@worker/db/schema';
import { numberSpansBuild } from '@worker/features/items/facet-spans';
import { refreshCollection } from '@worker/features/items/items.writer';
import { runBatch } from '@worker/lib/batch';
import { sortKeys } from '@worker/lib/values';
import { call, createUser } from '../../support/worker-app';
import { seeded as random } from '../../support/worker-seeded';
import { addItem, addProperty, createCollection } from '../../support/worker-catalogue';
import { runImport } from '../../support/worker-imports';
import { buildOrders, checkRanks, firstValueKeys, rows } from '../../support/worker-ranks';

const WORDS = ['amber', 'birch', 'cedar', 'delta', 'ember', 'Frost', 'garnet', 'Harbor'] as const;

/** What the triggers keep, next to the same counts made from the rows themselves. */
async function checkCounts(collectionId: number, step: string) {
  const [kept] = await rows<Record<string, number>>(
    `SELECT count_everyone, count_logged_in, count_shared, count_owner, unavailable_everyone, unavailable_logged_in, unavailable_shared,
       unavailable_owner FROM collections WHERE id = ?`,
    collectionId,
  );
  const [counted] = await rows<Record<string, number>>(
    `SELECT coalesce(sum(level = 0), 0) AS count_everyone, coalesce(sum(level <= 1), 0) AS count_logged_in,
       coalesce(sum(level <= 2), 0) AS count_shared, coalesce(sum(level <= 3), 0) AS count_owner,
       coalesce(sum(level = 0 AND quantity <= lent_copies), 0) AS unavailable_everyone,
       coalesce(sum(level <= 1 AND quantity <= lent_copies), 0) AS unavailable_logged_in,
       coalesce(sum(level <= 2 AND quantity <= lent_copies), 0) AS unavailable_shared,
       coalesce(sum(level <= 3 AND quantity <= lent_copies), 0) AS unavailable_owner
     FROM items WHERE collection_id = ?`,
    collectionId,
  );
  expect(kept, `${step}: item counters`).toEqual(counted);

  // Rows whose counts are all zero are never read (every read asks for a count above zero). The values'
  // rows, and the spans of dates (facet_spans, migration 0031).
  const ofCollection = 'f.property_id IN (SELECT id FROM properties WHERE collection_id = ?1)';
  const facetRows = `(SELECT property_id, sort_key, count_everyone, count_logged_in, count_shared, count_owner, items FROM facet_counts
    UNION ALL SELECT property_id, sort_key, count_everyone, count_logged_in, count_shared, count_owner, items FROM facet_spans) f`;
  const facets = await rows<Record<string, unknown>>(
    `SELECT f.property_id, f.sort_key, f.count_everyone, f.count_logged_in, f.count_shared, f.count_owner FROM ${facetRows}
     WHERE ${ofCollection} AND f.count_owner > 0 ORDER BY f.property_id, f.sort_key`,
    collectionId,
  );
  // Each filterable value once under its own key and, for a date ("YYYY-MM-DD"), once under its month and
  // its year (migration 0031: "month YYYY-MM", "year YYYY"); for a number that keeps spans, once under its
  // span of the property's width, ten times it and a hundred times it (migration 0034: "n0 …", "n1 …",
  // "n2 …", sixteen digits, the value divided by the width rounded down, plus 10^15).
  const keyed = `SELECT v.property_id, coalesce(v.sort_text, CAST(v.sort_number AS TEXT)) AS sort_key, v.level, v.item_id
       FROM item_values v JOIN properties p ON p.id = v.property_id WHERE p.collection_id = ?1 AND p.filterable = 1
     UNION ALL SELECT v.property_id, 'month ' || substr(v.value ->> '$', 1, 7), v.level, v.item_id
       FROM item_values v JOIN properties p ON p.id = v.property_id WHERE p.collection_id = ?1 AND p.filterable = 1 AND p.type = 'date'
     UNION ALL SELECT v.property_id, 'year ' || substr(v.value ->> '$', 1, 4), v.level, v.item_id
       FROM item_values v JOIN properties p ON p.id = v.property_id WHERE p.collection_id = ?1 AND p.filterable = 1 AND p.type = 'date'
     UNION ALL SELECT v.property_id, 'n' || g.n || ' ' || printf('%016d', (CAST(floor(v.sort_number / p.span_width) AS INTEGER) + 1000000000000000) / g.factor), v.level, v.item_id
       FROM item_values v JOIN properties p ON p.id = v.property_id CROSS JOIN (SELECT 0 AS n, 1 AS factor UNION ALL SELECT 1, 10 UNION ALL SELECT 2, 100) g
       WHERE p.collection_id = ?1 AND p.filterable = 1 AND p.span_width IS NOT NULL AND v.sort_number IS NOT NULL`;
  const fromValues = await rows<Record<string, unknown>>(
    `SELECT * FROM (
       SELECT property_id, sort_key, sum(level = 0) AS count_everyone, sum(level <= 1) AS count_logged_in, sum(level <= 2) AS count_shared,
         sum(level <= 3) AS count_owner
       FROM (${keyed}) GROUP BY property_id, sort_key)
     WHERE count_owner > 0 ORDER BY property_id, sort_key`,
    collectionId,
  );
  expect(facets, `${step}: facet counts`).toEqual(fromValues);
  // Each value's list of items (migration 0029), its newest and its closed chunks: the items the owner
  // may see that hold it, once per value.
  const lists = await rows<{ property_id: number; sort_key: string; items: string | null }>(
    `SELECT f.property_id, f.sort_key, f.items || coalesce((SELECT group_concat(c.items, '') FROM facet_item_chunks c
       WHERE c.property_id = f.property_id AND c.sort_key = f.sort_key), '') AS items FROM ${facetRows}
     WHERE ${ofCollection} AND f.count_owner > 0 ORDER BY f.property_id, f.sort_key`,
    collectionId,
  );
  const holders = await rows<{ property_id: number; sort_key: string; item_id: number }>(
    `SELECT property_id, sort_key, item_id FROM (${keyed}) WHERE level <= 3`,
    collectionId,
  );
  // No chunk outlives its value's row.
  expect(
    await rows(
      `SELECT c.property_id, c.sort_key FROM facet_item_chunks c LEFT JOIN ${facetRows} ON f.property_id = c.property_id AND f.sort_key = c.sort_key WHERE f.property_id IS NULL`,
    ),
    `${step}: chunks of values gone`,
  ).toEqual([]);
  const listed = (items: string | null) =>
    items === null
      ? null
      : items
          .trim()
          .split(' ')
          .filter(Boolean)
          .map(Number)
          .sort((a, b) => a - b);
  const expected = (pid: number, key: string) =>
    holders
      .filter((h) => h.property_id === pid && h.sort_key === key)
      .map((h) => h.item_id)
      .sort((a, b) => a - b);
  expect(
    lists.map((l) => ({ pid: l.property_id, key: l.sort_key, items: listed(l.items) })),
    `${step}: items listed by value`,
  ).toEqual(lists.map((l) => ({ pid: l.property_id, key: l.sort_key, items: expected(l.property_id, l.sort_key) })));
  // An import step's pause of the counting triggers never outlives its batch.
  expect(await rows('SELECT id FROM counts_deferred'), `${step}: counting triggers paused`).toEqual([]);
}

/** Each value carries its item's level and the sort keys its type gives it. */
async function checkValues(collectionId: number, step: string) {
  const values = await rows<{
    item_id: number;
    level: number;
    item_level: number;
    type: PropertyType | null;
    value: string;
    sort_text: string | null;
    natural_key: string | null;
    sort_number: number | null;
    sortable: number;
    property_sortable: number | null;
  }>(
    `SELECT v.item_id, v.level, i.level AS item_level, p.type, v.value, v.sort_text, v.natural_key, v.sort_number,
       v.sortable, p.sortable AS property_sortable
     FROM item_values v JOIN items i ON i.id = v.item_id LEFT JOIN properties p ON p.id = v.property_id WHERE i.collection_id = ?`,
    collectionId,
  );
  for (const row of values) {
    // No value outlives its property (there is no foreign key: the write path deletes them).
    expect(row.type, `${step}: property of a value of item ${row.item_id}`).not.toBeNull();
    if (row.type === null) continue;
    expect(row.level, `${step}: level of a value of item ${row.item_id}`).toBe(row.item_level);
    // Only values of sortable properties are in the sort indexes.
    expect(row.sortable, `${step}: sortable flag of ${row.value}`).toBe(row.property_sortable);
    const keys = sortKeys(row.type, JSON.parse(row.value) as unknown);
    expect(
      { sortText: row.sort_text, naturalKey: row.natural_key, sortNumber: row.sort_number },
      `${step}: sort keys of ${row.value}`,
    ).toEqual(keys);
  }
}

/**
 * The sort gaps of the collection's properties are exactly the pairs (sortable property, item) where the
 * item's first value has no key of the kind the property's type sorts by (or there is no first value),
 * each with the item's creation date; none is left by a deleted item or property.
 */
async function checkGaps(collectionId: number, step: string) {
  const pairs = await rows<{ pid: number; item: number; created: string; type: PropertyType }>(
    `SELECT p.id AS pid, i.id AS item, i.created_at AS created, p.type FROM properties p JOIN items i ON i.collection_id = p.collection_id
     WHERE p.collection_id = ? AND p.sortable = 1 ORDER BY p.id, i.id`,
    collectionId,
  );
  const keyed = await firstValueKeys(collectionId);
  const expected = pairs
    .filter((pair) => {
      const first = keyed.get(`${pair.pid}:${pair.item}`);
      return !first || (RANGE_PROPERTY_TYPES.includes(pair.type) ? first.sort_number : first.natural_key) === null;
    })
    .map(({ pid, item, created }) => ({ pid, item, created }));
  const stored = await rows<{ pid: number; item: number; created: string }>(
    `SELECT g.property_id AS pid, g.item_id AS item, g.created_at AS created FROM item_sort_gaps g
     WHERE g.property_id IN (SELECT id FROM properties WHERE collection_id = ?) OR g.item_id IN (SELECT id FROM items WHERE collection_id = ?)
     ORDER BY g.property_id, g.item_id`,
    collectionId,
    collectionId,
  );
  expect(stored, `${step}: sort gaps`).toEqual(expected);
}

/** items.data and the search rows, as stored now. */
async function snapshot(collectionId: number) {
  return rows(
    `SELECT i.id, i.data, s.everyone, s.logged_in, s.shared, s.owner, s.facets FROM items i LEFT JOIN items_search s ON s.rowid = i.id
     WHERE i.collection_id = ? ORDER BY i.id`,
    collectionId,
  );
}

/** What is stored equals what the write path rebuilds for the whole collection from its values. */
async function checkRebuild(collectionId: number, step: string) {
  const before = await snapshot(collectionId);
  const db = drizzle(env.DB, { schema });
  await runBatch(db, refreshCollection(db, collectionId, 'data-and-search'));
  expect(await snapshot(collectionId), `${step}: cached data and search rows`).toEqual(before);
}

describe('derived structures', () => {
  for (const seed of [5, 17, 29]) {
    it(`equal a rebuild from scratch after every step of random writes (seed ${seed})`, async () => {
      const r = random(seed);
      const owner = await createUser();
      const collection = await createCollection(owner.token, { name: `Consistency ${seed}`, visibility: 0 });
      const base = `/api/v1/collections/${collection.id}`;
      const props: Property[] = [
        await addProperty(owner.token, collection.id, { label: 'Name', type: 'text', isTitle: true, searchable: true, sortable: true }),
        await addProperty(owner.token, collection.id, { label: 'Tags', type: 'text', multiple: true, searchable: true, filterable: true }),
        await addProperty(owner.token, collection.id, { label: 'Genre', type: 'text', filterable: true }),
        await addProperty(owner.token, collection.id, { label: 'Year', type: 'number', sortable: true, filterable: true }),
        await addProperty(owner.token, collection.id, { label: 'Read', type: 'yesno', filterable: true }),
        // Dates over three years: their months and years are kept too (facet-spans.ts).
        await addProperty(owner.token, collection.id, { label: 'Bought', type: 'date', filterable: true }),
        await addProperty(owner.token, collection.id, { label: 'Memo', type: 'text', searchable: true, visibility: 1 }),
      ];
      const itemIds: number[] = [];
      const values = () => {
        const out: Record<string, unknown> = { name: `${r.pick(WORDS)} ${r.int(20)}` };
        for (const prop of props) {
          if (prop.key === 'name' || r.chance(0.2)) continue;
          if (prop.multiple) out[prop.key] = [r.pick(WORDS), r.pick(WORDS)];
          else if (prop.type === 'number') out[prop.key] = 1990 + r.int(6);
          else if (prop.type === 'yesno') out[prop.key] = r.chance(0.5);
          else if (prop.type === 'date')
            out[prop.key] = `${2018 + r.int(3)}-${String(1 + r.int(12)).padStart(2, '0')}-${String(1 + r.int(28)).padStart(2, '0')}`;
          else if (prop.type === 'text' || prop.type === 'longtext') out[prop.key] = r.pick(WORDS);
        }
        return out;
      };
      const level = () => r.pick([null, 1, 2, 3, 4]);

      for (let n = 0; n < 8; n += 1)
        itemIds.push((await addItem(owner.token, collection.id, { visibility: level(), values: values() })).id);
      await buildOrders(collection.id, 3);
      // The year keeps spans of one year, ten and a hundred (as a range over a number of many values
      // makes it, facet-spans.ts): every write below keeps them too.
      const year = props.find((p) => p.key === 'year')!;
      await env.DB.batch(numberSpansBuild(env.DB, collection.id, year.id, 1));
      expect((await rows<{ w: number }>('SELECT span_width AS w FROM properties WHERE id = ?', year.id))[0]!.w).toBe(1);
      const done = new Set<string>();
      for (let step = 0; step < 80; step += 1) {
        const item = r.pick(itemIds);
        const op = r.int(9);
        let name: string;
        let res: Response | null = null;
        if (op === 0 || itemIds.length < 3) {
          name = 'create';
          itemIds.push((await addItem(owner.token, collection.id, { visibility: level(), values: values() })).id);
        } else if (op === 1 || op === 2) {
          name = `edit values of ${item}`;
          res = await call(`${base}/items/${item}`, { method: 'PATCH', token: owner.token, json: { values: values() } });
        } else if (op === 3 && r.chance(0.5)) {
          // One value changes, the others are sent as they are: only that property's rows are rewritten.
          name = `edit one value of ${item}`;
          const got = await call(`${base}/items/${item}`, { token: owner.token });
          const kept = ((await got.json()) as { values: Record<string, unknown> }).values;
          res = await call(`${base}/items/${item}`, {
            method: 'PATCH',
            token: owner.token,
            json: { values: { ...kept, name: `${r.pick(WORDS)} ${r.int(20)}` } },
          });
        } else if (op === 3) {
          name = `change visibility of ${item}`;
          res = await call(`${base}/items/${item}`, { method: 'PATCH', token: owner.token, json: { visibility: level() } });
        } else if (op === 4) {
          name = `duplicate ${item}`;
          res = await call(`${base}/items/${item}/duplicate`, { method: 'POST', token: owner.token });
          if (res.status === 201) itemIds.push(((await res.clone().json()) as { id: number }).id);
        } else if (op === 5) {
          name = `delete ${item}`;
          res = await call(`${base}/items/${item}`, { method: 'DELETE', token: owner.token });
          itemIds.splice(itemIds.indexOf(item), 1);
        } else if (op === 6 && r.chance(0.4)) {
          // Rows keyed by reference: some new, some made by an earlier import (updated or unchanged).
          name = 'import';
          const columns = props.filter((p) => (['text', 'number', 'yesno', 'date'].includes(p.type) && !p.multiple) || p.key === 'tags');
          const lines = [['ref', ...columns.map((p) => p.key)].join(',')];
          // Rows that share a word, so that a step holds the same value several times over.
          const shared = r.pick(WORDS);
          for (let n = 0; n < 6; n += 1) {
            const v = values();
            const cell = (p: Property) => {
              const value = p.key === 'name' ? v.name : p.type === 'text' && r.chance(0.6) ? shared : v[p.key];
              if (value === undefined) return '';
              return Array.isArray(value) ? value.join('|') : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
            };
            lines.push([`r${r.int(10)}`, ...columns.map(cell)].join(','));
          }
          const report = await runImport(owner.token, collection.id, `${lines.join('\n')}\n`, 'rows.csv', {
            format: 'csv',
            keyField: 'c0',
            fields: columns.map((p, i) => ({ field: `c${i + 1}`, property: p.key, ...(p.multiple ? { split: '|' } : {}) })),
          });
          expect(report.status, JSON.stringify(report)).toBe('done');
          itemIds.splice(
            0,
            itemIds.length,
            ...(await rows<{ id: number }>('SELECT id FROM items WHERE collection_id = ?', collection.id)).map((i) => i.id),
          );
        } else if (op === 6 || props.length === 1) {
          name = 'property added';
          const added = await addProperty(owner.token, collection.id, {
            label: `Extra ${step}`,
            type: r.pick(['text', 'number', 'date'] as const),
            filterable: r.chance(0.5),
            searchable: r.chance(0.5),
            sortable: r.chance(0.5),
            visibility: r.pick([0, 1, 2, 3]),
          });
          props.push(added);
        } else {
          const prop = r.pick(props.filter((p) => p.key !== 'name'));
          const change = r.pick([
            { filterable: !prop.filterable },
            { searchable: !prop.searchable },
            { sortable: !prop.sortable },
            { visibility: r.pick([0, 1, 2, 3]) },
            { type: prop.type === 'text' ? 'longtext' : prop.type === 'longtext' ? 'text' : prop.type },
            'delete',
          ] as const);
          name = `property ${prop.key}: ${JSON.stringify(change)}`;
          if (change === 'delete') {
            res = await call(`${base}/properties/${prop.id}`, { method: 'DELETE', token: owner.token });
            if (res.ok) props.splice(props.indexOf(prop), 1);
          } else {
            res = await call(`${base}/properties/${prop.id}`, { method: 'PATCH', token: owner.token, json: change });
            if (res.status === 200) props.splice(props.indexOf(prop), 1, (await res.clone().json()) as Property);
          }
        }
        // A refused change (a flag the type cannot take, say) must leave everything as it was.
        if (res && res.status >= 500) throw new Error(`${name} answered ${res.status}: ${await res.text()}`);
        if (!res || res.ok) done.add(name.split(' ')[0]!);
        const context = `seed ${seed}, step ${step} (${name}${res ? `, ${res.status}` : ''})`;
        await checkCounts(collection.id, context);
        await checkValues(collection.id, context);
        await checkGaps(collection.id, context);
        await checkRebuild(collection.id, context);
        await checkRanks(collection.id, context);
        await buildOrders(collection.id, 3, true);
      }
      // Every kind of write happened at least once (so the checks above saw each of them).
      expect([...done].sort()).toEqual(['change', 'create', 'delete', 'duplicate', 'edit', 'import', 'property']);
    }, 180_000);
  }
});
