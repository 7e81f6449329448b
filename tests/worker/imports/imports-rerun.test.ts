// Running the same file again never doubles a collection: a Vitrine export read back into the collection
// it came from finds its own items (made here or imported before), and a BoardGameGeek collection keeps
// two entries of the same game as two items, while items an import made under the game's id are found.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BGG_FIELDS } from '@shared/import/bgg';
import { IMDB_FIELDS } from '@shared/import/films/imdb';
import { vitrineHead } from '@shared/import/vitrine';
import type { ImportPlanInput } from '@shared/schemas/imports';
import { itemsOf as items, planFor, runImport as run } from '../../support/worker-imports';
import { call, createUser } from '../../support/worker-app';
import { addItem, createCollection } from '../../support/worker-catalogue';

/** The collection's Vitrine export, and the plan that reads it back into a collection with its properties. */
async function exported(token: string, collectionId: number): Promise<{ json: string; plan: ImportPlanInput }> {
  const res = await call(`/api/v1/collections/${collectionId}/export?format=json`, { token });
  expect(res.status).toBe(200);
  const json = await res.text();
  const fields = vitrineHead(JSON.parse(json) as Record<string, unknown>).fields;
  return { json, plan: { format: 'vitrine', fields: fields.map((f) => ({ field: f.key, property: f.key })) } };
}

const IMDB = `Const,Your Rating,Date Rated,Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors
tt0111161,10,2020-05-01,The Shawshank Redemption,https://www.imdb.com/title/tt0111161/,movie,9.3,142,1994,Drama,2500000,1994-09-23,Frank Darabont
`;

describe('a Vitrine export read back', () => {
  it('into the collection it came from: its items are found, changed ones updated, none added', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Films', type: 'movies' });
    await addItem(owner.token, c.id, { values: { title: 'Heat', year: 1995 } });
    await addItem(owner.token, c.id, { values: { title: 'Rififi', year: 1955 } });
    // An item an earlier import made keeps its reference: that import run again still finds it.
    const imdbPlan: ImportPlanInput = {
      format: 'imdb',
      fields: IMDB_FIELDS.filter((f) => f.target).map((f) => ({ field: f.key, property: f.target! })),
    };
    expect((await run(owner.token, c.id, IMDB, 'ratings.csv', imdbPlan)).counts.added).toBe(1);
    const { json, plan } = await exported(owner.token, c.id);

    const back = await run(owner.token, c.id, json, 'films.json', plan);
    expect(back).toMatchObject({ status: 'done', counts: { added: 0, unchanged: 3, failed: 0 } });
    // Changed since the export: the export's values come back.
    const heat = (await items(owner.token, c.id)).find((i) => i.values.title === 'Heat')!;
    const edit = await call(`/api/v1/collections/${c.id}/items/${heat.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { values: { title: 'Heat', year: 1996 } },
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    expect((await run(owner.token, c.id, json, 'films.json', plan)).counts).toMatchObject({ added: 0, updated: 1, unchanged: 2 });
    const list = await items(owner.token, c.id);
    expect(list.map((i) => [i.id, i.values.title, i.values.year])).toEqual([
      [heat.id, 'Heat', 1995],
      [expect.any(Number), 'Rififi', 1955],
      [expect.any(Number), 'The Shawshank Redemption', 1994],
    ]);
    expect((await run(owner.token, c.id, IMDB, 'ratings.csv', imdbPlan)).counts).toMatchObject({ added: 0, unchanged: 1 });
    expect(await items(owner.token, c.id)).toHaveLength(3);
  });

  it('into another collection: added once, then found again; its own export read back adds nothing', async () => {
    const owner = await createUser();
    const a = await createCollection(owner.token, { name: 'Films', type: 'movies' });
    await addItem(owner.token, a.id, { values: { title: 'Heat', year: 1995 } });
    const b = await createCollection(owner.token, { name: 'Copy', type: 'movies' });
    const fromA = await exported(owner.token, a.id);
    expect((await run(owner.token, b.id, fromA.json, 'a.json', fromA.plan)).counts.added).toBe(1);
    expect((await run(owner.token, b.id, fromA.json, 'a.json', fromA.plan)).counts).toMatchObject({ added: 0, unchanged: 1 });
    const fromB = await exported(owner.token, b.id);
    expect((await run(owner.token, b.id, fromB.json, 'b.json', fromB.plan)).counts).toMatchObject({ added: 0, unchanged: 1 });
    expect(await items(owner.token, b.id)).toHaveLength(1);
    expect(await items(owner.token, a.id)).toHaveLength(1);
  });
});

/** Two copies of Catan (two collection entries, one owned, one wished for) and Carcassonne. */
const BGG = `<?xml version="1.0" encoding="utf-8"?><items totalitems="3">
<item objecttype="thing" objectid="13" subtype="boardgame" collid="101"><name sortindex="1">Catan</name><yearpublished>1995</yearpublished><status own="1" wishlist="0"/><comment>First edition</comment></item>
<item objecttype="thing" objectid="13" subtype="boardgame" collid="102"><name sortindex="1">Catan</name><yearpublished>1995</yearpublished><status own="0" wishlist="1"/><comment>The anniversary box</comment></item>
<item objecttype="thing" objectid="822" subtype="boardgame" collid="103"><name sortindex="1">Carcassonne</name><status own="1"/></item>
</items>`;

const statusesOf = async (token: string, collectionId: number) =>
  (await items(token, collectionId)).map((i) => [i.values.title, i.values.x_status, i.values.x_comment]);

describe('a BoardGameGeek collection run again', () => {
  const plan = { ...planFor('bgg', BGG_FIELDS), covers: false };
  const again = { ...plan, fields: plan.fields.map((f) => ({ ...f, create: null })) };

  it('keeps two entries of the same game as two items, the owned one owned', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Games', type: 'board_games' });
    expect((await run(owner.token, c.id, BGG, 'collection.xml', plan)).counts).toMatchObject({ added: 3, skipped: 0 });
    expect((await run(owner.token, c.id, BGG, 'collection.xml', again)).counts).toMatchObject({ added: 0, unchanged: 3 });
    expect(await statusesOf(owner.token, c.id)).toEqual([
      ['Carcassonne', ['own'], undefined],
      ['Catan', ['own'], 'First edition'],
      ['Catan', ['wishlist'], 'The anniversary box'],
    ]);
  });

  it("finds the items an import made under the game's id, once each, then by their entries", async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Games', type: 'board_games' });
    expect((await run(owner.token, c.id, BGG, 'collection.xml', plan)).counts.added).toBe(3);
    // As an import before entries were told apart left them: one item per game, named by the game's id.
    await env.DB.prepare(`DELETE FROM items WHERE collection_id = ?1 AND import_ref = 'bgg:collid:102'`).bind(c.id).run();
    await env.DB.prepare(
      `UPDATE items SET import_ref = 'bgg:' || CASE import_ref WHEN 'bgg:collid:101' THEN '13' ELSE '822' END WHERE collection_id = ?1`,
    )
      .bind(c.id)
      .run();
    expect((await run(owner.token, c.id, BGG, 'collection.xml', again)).counts).toMatchObject({ added: 1, unchanged: 2 });
    expect((await run(owner.token, c.id, BGG, 'collection.xml', again)).counts).toMatchObject({ added: 0, unchanged: 3 });
    expect(await statusesOf(owner.token, c.id)).toHaveLength(3);
    const refs = await env.DB.prepare('SELECT import_ref AS ref FROM items WHERE collection_id = ?1 ORDER BY import_ref')
      .bind(c.id)
      .all<{ ref: string }>();
    expect(refs.results.map((r) => r.ref)).toEqual(['bgg:collid:101', 'bgg:collid:102', 'bgg:collid:103']);
  });
});
