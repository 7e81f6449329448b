// Where items stand in each sort order of a large collection (features/items/sort-ranks.ts): built from
// the items, kept by every write, split when they grow, and used by a page number typed deep into a
// list. The suite's sizes are small (vitest.config.ts: buckets of 4, split past 8, from 30 items).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ItemPage } from '@shared/schemas/items';
import { sortKeys } from '@worker/lib/values';
import { call, createUser } from '../../support/worker-app';
import { addItem, addProperty, createCollection, getJson } from '../../support/worker-catalogue';
import { seeded as random } from '../../support/worker-seeded';
import { buildOrders, checkRanks, keptOrders } from '../../support/worker-ranks';
import { runImport } from '../../support/worker-imports';
import { sortRanksJob } from '@worker/features/items/sort-ranks.job';
import { createBudget } from '@worker/jobs/job';

interface Made {
  id: number;
  level: number;
  name?: string;
  year?: number;
}

const PER_PAGE = 20;

async function shelf(seed: number, count: number) {
  const r = random(seed);
  const owner = await createUser();
  const stranger = await createUser();
  const collection = await createCollection(owner.token, { name: `Ranks ${seed}`, visibility: 0 });
  await addProperty(owner.token, collection.id, { label: 'Name', type: 'text', isTitle: true, searchable: true, sortable: true });
  await addProperty(owner.token, collection.id, { label: 'Year', type: 'number', sortable: true, filterable: true });
  const made: Made[] = [];
  for (let n = 0; n < count; n += 1) {
    const level = r.pick([0, 0, 0, 1, 3, 4]);
    const values = {
      ...(r.chance(0.85) && { name: `${r.pick(['amber', 'birch', 'cedar', 'delta'])} ${r.int(30)}` }),
      ...(r.chance(0.7) && { year: 1990 + r.int(5) }),
    };
    const item = await addItem(owner.token, collection.id, { visibility: level === 0 ? null : level, values });
    made.push({ id: item.id, level, ...values });
  }
  return { r, owner, stranger, collection, made };
}

/** The reference order (as list-reference.test.ts makes it). */
function ordered(items: Made[], sort: 'name' | 'year' | 'created', dir: 'asc' | 'desc'): Made[] {
  const sign = dir === 'asc' ? 1 : -1;
  const byId = (a: Made, b: Made) => sign * (a.id - b.id);
  if (sort === 'created') return [...items].sort(byId);
  const key = (item: Made) => (sort === 'year' ? item.year : item.name === undefined ? undefined : sortKeys('text', item.name).naturalKey!);
  const valued = items.filter((item) => key(item) !== undefined);
  const missing = items.filter((item) => key(item) === undefined).sort((a, b) => a.id - b.id);
  valued.sort((a, b) => (key(a) === key(b) ? byId(a, b) : sign * (key(a)! < key(b)! ? -1 : 1)));
  return [...valued, ...missing];
}

describe('sort ranks', () => {
  it('place every typed page of every order, direction and caller exactly, and keep their counts through writes', async () => {
    const { owner, stranger, collection, made } = await shelf(3, 90);
    const base = `/api/v1/collections/${collection.id}`;
    await buildOrders(collection.id, 4);
    await checkRanks(collection.id, 'built');
    const orders = await keptOrders(collection.id);
    expect(Object.keys(orders)).toHaveLength(4);
    let ranked = 0;
    for (const [level, token] of [
      [0, undefined],
      [1, stranger.token],
      [3, owner.token],
    ] as const) {
      const seen = made.filter((m) => m.level <= level);
      for (const sort of ['name', 'year', 'created'] as const) {
        for (const dir of ['asc', 'desc'] as const) {
          const expected = ordered(seen, sort, dir).map((m) => m.id);
          for (let page = 1; page <= Math.ceil(expected.length / PER_PAGE); page += 1) {
            const got = await getJson<ItemPage>(`${base}/items?sort=${sort}&dir=${dir}&perPage=${PER_PAGE}&page=${page}`, token);
            const context = `level ${level}, ${sort} ${dir}, page ${page}`;
            expect(got.total, context).toBe(expected.length);
            expect(
              got.items.map((i) => i.id),
              context,
            ).toEqual(expected.slice((page - 1) * PER_PAGE, page * PER_PAGE));
            // From the bucket before it: about what the first page reads (and a bucket), not the pages before.
            const measured = (n: number) =>
              call(`${base}/items?sort=${sort}&dir=${dir}&perPage=${PER_PAGE}&page=${n}`, {
                token,
                env: { EXPOSE_D1_METRICS: 'true' },
                headers: { 'x-measure-d1': '1' },
              });
            const [first, deep] = [await measured(1), await measured(page)];
            const statements = JSON.parse(decodeURIComponent(deep.headers.get('x-d1-statements') ?? '[]')) as { sql: string }[];
            // Far from both ends (near the end, the walk from the end is as cheap).
            const offset = (page - 1) * PER_PAGE;
            if (Math.min(offset, expected.length - offset - PER_PAGE) >= 4) {
              expect(
                statements.some((st) => st.sql.includes("data -> '$.")),
                context,
              ).toBe(true);
              ranked += 1;
            }
            expect(Number(deep.headers.get('x-d1-rows-read')), context).toBeLessThanOrEqual(
              2 * Number(first.headers.get('x-d1-rows-read')) + 40,
            );
          }
        }
      }
    }
    expect(ranked).toBeGreaterThan(10);
  }, 180_000);

  it('are kept by every kind of write, split when a bucket grows past its size, and forgotten when a property stops sorting', async () => {
    const { r, owner, collection, made } = await shelf(7, 40);
    const base = `/api/v1/collections/${collection.id}`;
    await buildOrders(collection.id, 4);
    const ids = made.map((m) => m.id);
    const largest = async () => Math.max(...Object.values(await keptOrders(collection.id)).flatMap((buckets) => buckets.map((b) => b[6])));
    const values = () => ({
      ...(r.chance(0.8) && { name: `${r.pick(['amber', 'cedar', 'ember'])} ${r.int(40)}` }),
      ...(r.chance(0.6) && { year: 1985 + r.int(12) }),
    });
    const kinds = new Set<string>();
    for (let step = 0; step < 45; step += 1) {
      const item = r.pick(ids);
      const op = step < 16 ? 0 : r.int(5);
      let res: Response;
      if (op === 0) {
        res = await call(`${base}/items`, {
          method: 'POST',
          token: owner.token,
          json: { values: values(), visibility: r.pick([null, 1, 3, 4]) },
        });
        ids.push(((await res.clone().json()) as { id: number }).id);
      } else if (op === 1) res = await call(`${base}/items/${item}`, { method: 'PATCH', token: owner.token, json: { values: values() } });
      else if (op === 2)
        res = await call(`${base}/items/${item}`, { method: 'PATCH', token: owner.token, json: { visibility: r.pick([null, 1, 3, 4]) } });
      else if (op === 3) {
        res = await call(`${base}/items/${item}/duplicate`, { method: 'POST', token: owner.token });
        ids.push(((await res.clone().json()) as { id: number }).id);
      } else {
        res = await call(`${base}/items/${item}`, { method: 'DELETE', token: owner.token });
        ids.splice(ids.indexOf(item), 1);
      }
      expect(res.ok, `step ${step}: ${res.status} ${await res.clone().text()}`).toBe(true);
      kinds.add(String(op));
      await checkRanks(collection.id, `step ${step} (write ${op})`);
      // Each write's own split comes after it: no bucket stays past the split size (8 in this suite).
      expect(await largest(), `step ${step}`).toBeLessThanOrEqual(8);
    }
    expect([...kinds].sort()).toEqual(['0', '1', '2', '3', '4']);
    // Sixteen creates at the end of the date orders made buckets there past 8 more than once.
    expect((await keptOrders(collection.id)).c!.length).toBeGreaterThan(Math.ceil(40 / 4));

    // An import's steps (new rows, then the same references again with other values).
    const csv = (year: number) =>
      `ref,name,year\n${Array.from({ length: 14 }, (_, n) => `r${n},imported ${n},${year + (n % 3)}`).join('\n')}\n`;
    const plan = {
      format: 'csv' as const,
      keyField: 'c0',
      fields: [
        { field: 'c1', property: 'name' },
        { field: 'c2', property: 'year' },
      ],
    };
    for (const year of [1970, 2020]) {
      expect((await runImport(owner.token, collection.id, csv(year), 'rows.csv', plan)).status).toBe('done');
      await checkRanks(collection.id, `import of ${year}`);
      expect(await largest(), `import of ${year}`).toBeLessThanOrEqual(8);
    }

    // A property that stops sorting takes its order with it; sorting again, it is built when a deep page asks.
    const props = await getJson<{ properties: { id: number; key: string }[] }>(`${base}/properties`, owner.token);
    const year = props.properties.find((p) => p.key === 'year')!;
    expect((await call(`${base}/properties/${year.id}`, { method: 'PATCH', token: owner.token, json: { sortable: false } })).status).toBe(
      200,
    );
    expect(Object.keys(await keptOrders(collection.id))).not.toContain(`p${year.id}`);
    expect((await call(`${base}/properties/${year.id}`, { method: 'PATCH', token: owner.token, json: { sortable: true } })).status).toBe(
      200,
    );
    expect(Object.keys(await keptOrders(collection.id))).not.toContain(`p${year.id}`);
    await getJson<ItemPage>(`${base}/items?sort=year&dir=desc&perPage=20&page=2`, owner.token);
    expect(Object.keys(await keptOrders(collection.id))).toContain(`p${year.id}`);
    await checkRanks(collection.id, 'built again');
    // Deleting it forgets its order too.
    expect((await call(`${base}/properties/${year.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(Object.keys(await keptOrders(collection.id))).not.toContain(`p${year.id}`);
    await checkRanks(collection.id, 'property deleted');
  }, 180_000);

  it('are built by the first deep page of a large collection, never trusted when their counts are off, and not kept for small ones', async () => {
    const { owner, collection, made } = await shelf(11, 60);
    const base = `/api/v1/collections/${collection.id}`;
    const expected = ordered(
      made.filter((m) => m.level <= 3),
      'created',
      'desc',
    ).map((m) => m.id);
    const pageTwo = async () => (await getJson<ItemPage>(`${base}/items?perPage=20&page=2`, owner.token)).items.map((i) => i.id);
    // No ranks yet: the page is walked (exactly), and the order built after the answer.
    expect(await pageTwo()).toEqual(expected.slice(20, 40));
    expect(Object.keys(await keptOrders(collection.id))).toEqual(['c']);
    await checkRanks(collection.id, 'built by a deep page');
    // Counts that do not add up to the collection's counters are not used, and the order is built again.
    await env.DB.prepare(`UPDATE sort_ranks SET data = json_set(data, '$.c[0][5]', 999) WHERE collection_id = ?`).bind(collection.id).run();
    expect(await pageTwo()).toEqual(expected.slice(20, 40));
    await checkRanks(collection.id, 'built again');
    // A first page, or a page reached from a cursor, needs none.
    const small = await shelf(13, 12);
    await getJson<ItemPage>(`/api/v1/collections/${small.collection.id}/items?perPage=20`, small.owner.token);
    expect(await keptOrders(small.collection.id)).toEqual({});
    // Nor does a collection under the size that keeps them (30 items in this suite).
    await getJson<ItemPage>(`/api/v1/collections/${small.collection.id}/items?perPage=20&page=2`, small.owner.token);
    expect(await keptOrders(small.collection.id)).toEqual({});
  }, 180_000);

  it('are built ahead by the hourly job for every order a large collection lacks or miscounts, a few a run', async () => {
    const { owner, collection } = await shelf(11, 36);
    const small = await createCollection(owner.token, { name: 'Small shelf', visibility: 0 });
    await addProperty(owner.token, small.id, { label: 'Name', type: 'text', isTitle: true, sortable: true });
    await addItem(owner.token, small.id, { values: { name: 'Alone' } });
    const run = async (cursor: string | null) => {
      let saved: string | null = cursor;
      const budget = createBudget(sortRanksJob.units);
      const counts = await sortRanksJob.run(env, {
        now: new Date(),
        db: undefined as never,
        cursor,
        saveCursor: (next) => (saved = next),
        budget,
      });
      expect(budget.used).toBeLessThanOrEqual(sortRanksJob.units);
      return { built: counts.built!, cursor: saved };
    };
    // Runs until one finds nothing left to build (the suite's other large collections too).
    const settle = async () => {
      let cursor: string | null = null;
      let built = 0;
      for (let runs = 0; runs < 100; runs += 1) {
        const done = await run(cursor);
        built += done.built;
        cursor = done.cursor;
        if (done.built === 0 && cursor === null) return built;
      }
      throw new Error('the job never settled');
    };
    expect(await keptOrders(collection.id)).toEqual({});
    expect(await settle()).toBeGreaterThanOrEqual(4);
    const props = await env.DB.prepare('SELECT id FROM properties WHERE collection_id = ? AND sortable = 1')
      .bind(collection.id)
      .all<{ id: number }>();
    expect(Object.keys(await keptOrders(collection.id)).sort()).toEqual(['c', 'u', ...props.results.map((p) => `p${p.id}`)].sort());
    await checkRanks(collection.id, 'built by the job');
    // A collection under the size that keeps ranks keeps none.
    expect(await keptOrders(small.id)).toEqual({});
    // Sound orders are left alone; one whose counts no longer add up is built again, and only it.
    expect(await settle()).toBe(0);
    await env.DB.prepare(`UPDATE sort_ranks SET data = json_set(data, '$.c[0][5]', 999) WHERE collection_id = ?`).bind(collection.id).run();
    expect(await settle()).toBe(1);
    await checkRanks(collection.id, 'built again by the job');
  });
});
