// Migration 0046 gives every count kept per caller level a tier for level 2 (the members of a shared
// collection): its triggers keep it through writes, and its first statements count the rows already
// there. Both must give what counting the rows gives.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, createUser } from '../../support/worker-app';
import { addItem, addProperty, createCollection } from '../../support/worker-catalogue';

const LEVELS = [0, 1, 2, 3, 4] as const;

/** The members' counts as kept, and as counted from the rows. */
async function membersCounts(collectionId: number) {
  const kept = await env.DB.prepare(
    `SELECT count_shared AS items, unavailable_shared AS unavailable,
       (SELECT json_group_object(f.property_id || ' ' || f.sort_key, f.count_shared) FROM facet_counts f
         WHERE f.property_id IN (SELECT id FROM properties WHERE collection_id = ?1) AND f.count_shared > 0) AS facets,
       (SELECT json_group_object(s.property_id || ' ' || s.sort_key, s.count_shared) FROM facet_spans s
         WHERE s.property_id IN (SELECT id FROM properties WHERE collection_id = ?1) AND s.count_shared > 0) AS spans
     FROM collections WHERE id = ?1`,
  )
    .bind(collectionId)
    .first<{ items: number; unavailable: number; facets: string; spans: string }>();
  const counted = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM items WHERE collection_id = ?1 AND level <= 2) AS items,
       (SELECT count(*) FROM items WHERE collection_id = ?1 AND level <= 2 AND quantity <= lent_copies) AS unavailable,
       (SELECT json_group_object(k, n) FROM (
         SELECT v.property_id || ' ' || coalesce(v.sort_text, CAST(v.sort_number AS TEXT)) AS k, count(*) AS n
         FROM item_values v JOIN properties p ON p.id = v.property_id
         WHERE p.collection_id = ?1 AND p.filterable = 1 AND v.level <= 2 GROUP BY 1)) AS facets,
       (SELECT json_group_object(k, n) FROM (
         SELECT v.property_id || ' ' || g.grain || ' ' || substr(v.value, 2, g.width) AS k, count(*) AS n
         FROM item_values v JOIN properties p ON p.id = v.property_id AND p.type = 'date'
           CROSS JOIN (SELECT 'month' AS grain, 7 AS width UNION ALL SELECT 'year', 4) g
         WHERE p.collection_id = ?1 AND p.filterable = 1 AND v.level <= 2 GROUP BY 1)) AS spans`,
  )
    .bind(collectionId)
    .first<{ items: number; unavailable: number; facets: string; spans: string }>();
  const parse = (row: typeof kept) => ({
    items: row!.items,
    unavailable: row!.unavailable,
    facets: JSON.parse(row!.facets) as Record<string, number>,
    spans: JSON.parse(row!.spans) as Record<string, number>,
  });
  return { kept: parse(kept), counted: parse(counted) };
}

describe('migration 0046 (the members’ tier)', () => {
  it('keeps the members’ counts through writes, and counts the rows already there', async () => {
    const owner = await createUser();
    const collection = await createCollection(owner.token, { name: 'Shelves', visibility: 2 });
    await addProperty(owner.token, collection.id, { label: 'Name', type: 'text', isTitle: true });
    await addProperty(owner.token, collection.id, { label: 'Genre', type: 'text', filterable: true });
    await addProperty(owner.token, collection.id, { label: 'Bought', type: 'date', filterable: true });
    const made: number[] = [];
    for (const level of LEVELS)
      for (const genre of ['Essay', 'Tale']) {
        const item = await addItem(owner.token, collection.id, {
          values: { name: `${genre} ${level}`, genre, bought: `201${level}-0${level + 1}-15` },
          visibility: level === 0 ? null : level,
        });
        made.push(item.id);
      }
    // Moves between levels (in and out of the members' tier), a deletion and an item with no copy left.
    const patch = async (id: number, visibility: number | null) => {
      const item = await (
        await call(`/api/v1/collections/${collection.id}/items/${id}?edit=true`, { token: owner.token })
      ).json<{
        version: number;
      }>();
      const res = await call(`/api/v1/collections/${collection.id}/items/${id}`, {
        method: 'PATCH',
        token: owner.token,
        json: { visibility, version: item.version },
      });
      expect(res.status).toBe(200);
    };
    await patch(made[0]!, 2);
    await patch(made[4]!, 3);
    await patch(made[6]!, 1);
    expect((await call(`/api/v1/collections/${collection.id}/items/${made[5]}`, { method: 'DELETE', token: owner.token })).status).toBe(
      204,
    );
    await env.DB.prepare('UPDATE items SET lent_copies = quantity WHERE id IN (?, ?, ?)').bind(made[1], made[4], made[7]).run();

    const kept = await membersCounts(collection.id);
    expect(kept.kept).toEqual(kept.counted);
    expect(kept.kept.items).toBe(5);
    expect(kept.kept.unavailable).toBe(1);

    // The migration's counts of the rows already there, over counts lost.
    await env.DB.prepare(`UPDATE collections SET count_shared = 0, unavailable_shared = 0 WHERE id = ?1`).bind(collection.id).run();
    await env.DB.prepare(`UPDATE facet_counts SET count_shared = 0`).run();
    await env.DB.prepare(`UPDATE facet_spans SET count_shared = 0`).run();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0046_'))!;
    const counts = migration.queries.filter((q) => /^\s*(--[^\n]*\n\s*)*UPDATE `(collections|facet_counts|facet_spans)`/.test(q));
    expect(counts).toHaveLength(6);
    await env.DB.batch(counts.map((q) => env.DB.prepare(q)));
    const backfilled = await membersCounts(collection.id);
    expect(backfilled.kept).toEqual(kept.counted);
  });

  it('gives the search index a column for the members’ text', async () => {
    const columns = await env.DB.prepare(`SELECT name FROM pragma_table_info('items_search')`).all<{ name: string }>();
    expect(columns.results.map((c) => c.name)).toEqual(['everyone', 'logged_in', 'shared', 'owner', 'facets']);
  });
});
