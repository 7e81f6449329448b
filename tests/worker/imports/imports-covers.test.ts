// Covers given by address (BoardGameGeek's <image>, a CSV column of picture addresses) fetched by the
// import's own Workflow steps through the guarded fetch, from fake servers on 127.0.0.1: stored as the
// collection's media, refusals reported, and not fetched again by the next run while still in use.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BGG_FIELDS } from '@shared/import/bgg';
import { call, createUser, PNG_BYTES } from '../../support/worker-app';
import { createCollection } from '../../support/worker-catalogue';
import { base64, hitsOf, setAnswers } from '../../support/fake-sources';
import { itemsOf, planFor, runImport } from '../../support/worker-imports';

const FAKE = env.FAKE_SOURCES_URL;

function bggXml(games: { id: number; name: string; image?: string }[]): string {
  const items = games
    .map(
      (g) =>
        `<item objecttype="thing" objectid="${g.id}" subtype="boardgame" collid="${g.id}"><name sortindex="1">${g.name}</name>${g.image ? `<image>${g.image}</image>` : ''}<status own="1"/></item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?><items totalitems="${games.length}">\n${items}\n</items>`;
}

describe('covers given by address', () => {
  it('fetches each cover into the collection, reports those that gave none, and reuses them on the next run', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Games', type: 'board_games' });
    const tag = crypto.randomUUID().slice(0, 8);
    await setAnswers(FAKE, `/covers/${tag}/catan.png`, [{ body: base64(PNG_BYTES), headers: { 'content-type': 'image/png' } }]);
    await setAnswers(FAKE, `/covers/${tag}/moved.png`, [{ status: 302, headers: { location: `/covers/${tag}/catan.png` } }]);
    await setAnswers(FAKE, `/covers/${tag}/gone.png`, [{ status: 404 }]);
    await setAnswers(FAKE, `/covers/${tag}/page.html`, [
      { body: base64('<html>not a picture</html>'), headers: { 'content-type': 'text/html' } },
    ]);
    const games = [
      { id: 13, name: 'Catan', image: `${FAKE}/covers/${tag}/catan.png` },
      { id: 14, name: 'Catan: Seafarers', image: `${FAKE}/covers/${tag}/moved.png` },
      { id: 15, name: 'Gloomhaven', image: `${FAKE}/covers/${tag}/gone.png` },
      { id: 16, name: 'Root', image: `${FAKE}/covers/${tag}/page.html` },
      { id: 17, name: 'Spirit Island', image: 'http://169.254.169.254/latest/meta-data/' },
      { id: 18, name: 'Azul' },
    ];
    const report = await runImport(owner.token, c.id, bggXml(games), 'collection.xml', planFor('bgg', BGG_FIELDS));
    expect(report.status).toBe('done');
    expect(report.counts).toMatchObject({ added: 6, failed: 0 });
    expect(report.covers).toEqual({ fetched: 2, failed: 3 });
    expect(Object.fromEntries(report.coverProblems.map((p) => [p.address.split('/').filter(Boolean).pop(), p.reason]))).toEqual({
      'gone.png': 'fetch_status',
      'page.html': 'not_image',
      'meta-data': 'fetch_address',
    });
    const byName = new Map((await itemsOf(owner.token, c.id)).map((i) => [i.values.title, i]));
    const catanCover = byName.get('Catan')!.values.cover as string;
    expect(catanCover).toMatch(new RegExp(`^media://collections/${c.id}/[0-9a-f]{64}\\.png$`));
    // The redirected address gave the same picture: the same value.
    expect(byName.get('Catan: Seafarers')!.values.cover).toBe(catanCover);
    for (const name of ['Gloomhaven', 'Root', 'Spirit Island', 'Azul']) expect(byName.get(name)!.values.cover).toBeUndefined();
    const served = await call(`/media/${catanCover.slice('media://'.length)}`, { token: owner.token });
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_BYTES);
    expect((await hitsOf(FAKE, `/covers/${tag}/catan.png`)).hits).toBe(2);
    // Fetched pictures have no thumbnail: the owner's browser is asked to make it (thumbnails.test.ts).
    const wanted = await call(`/api/v1/collections/${c.id}/thumbnails/wanted`, { token: owner.token });
    expect(await wanted.json()).toEqual({ values: [catanCover], more: false });

    // The next run asks only for what it did not get: the stored covers are still in use.
    const plan = planFor('bgg', BGG_FIELDS);
    const existing = { ...plan, fields: plan.fields.map((f) => ({ ...f, create: null })) };
    const again = await runImport(owner.token, c.id, bggXml(games), 'collection.xml', existing);
    expect(again.counts).toMatchObject({ added: 0, unchanged: 6 });
    expect(again.covers).toEqual({ fetched: 2, failed: 3 });
    expect((await hitsOf(FAKE, `/covers/${tag}/catan.png`)).hits).toBe(2);
    expect((await hitsOf(FAKE, `/covers/${tag}/gone.png`)).hits).toBe(2);
  });

  it('reads a CSV column of picture addresses into an image property, several a cell', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Posters' });
    const tag = crypto.randomUUID().slice(0, 8);
    await setAnswers(FAKE, `/covers/${tag}/a.png`, [{ body: base64(PNG_BYTES) }]);
    // Another picture: the PNG with one more byte after its end, so its content's name differs.
    await setAnswers(FAKE, `/covers/${tag}/b.png`, [{ body: base64(new Uint8Array([...PNG_BYTES, 0])) }]);
    const csv = `name,pictures\nFirst,${FAKE}/covers/${tag}/a.png|${FAKE}/covers/${tag}/b.png\nSecond,${FAKE}/covers/${tag}/b.png\n`;
    const report = await runImport(owner.token, c.id, csv, 'posters.csv', {
      format: 'csv',
      keyField: 'c0',
      fields: [
        { field: 'c0', property: 'name', create: { label: 'Name', type: 'text', multiple: false, title: true } },
        { field: 'c1', property: 'pictures', create: { label: 'Pictures', type: 'image', multiple: true }, split: '|' },
      ],
    });
    expect(report.counts).toMatchObject({ added: 2, failed: 0 });
    expect(report.covers).toEqual({ fetched: 2, failed: 0 });
    const byName = new Map((await itemsOf(owner.token, c.id, null)).map((i) => [i.values.name, i]));
    const first = byName.get('First')!.values.pictures as string[];
    expect(first).toHaveLength(2);
    expect(byName.get('Second')!.values.pictures).toEqual([first[1]]);
  });

  it('leaves covers alone when the plan says so', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Games', type: 'board_games' });
    const tag = crypto.randomUUID().slice(0, 8);
    await setAnswers(FAKE, `/covers/${tag}/x.png`, [{ body: base64(PNG_BYTES) }]);
    const report = await runImport(owner.token, c.id, bggXml([{ id: 1, name: 'Go', image: `${FAKE}/covers/${tag}/x.png` }]), 'c.xml', {
      ...planFor('bgg', BGG_FIELDS),
      covers: false,
    });
    expect(report.counts.added).toBe(1);
    expect(report.covers).toBeNull();
    expect((await hitsOf(FAKE, `/covers/${tag}/x.png`)).hits).toBe(0);
  });
});
