// The visibility matrix (tests/support/worker-visibility.ts) on the paths that answer with more than
// one API answer: exports (JSON and CSV), the pages the Worker renders with their data block and link
// previews, and GET /screen — for every caller, level 2 "Shared users" included. A value shows exactly
// where its collection, item and property levels let the caller see it: the pages, rendered as an
// anonymous visitor sees them, never show more than that to anyone; exports and screens answer the
// caller, so a member's hold their level-2 items and values and nobody else's do.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Collection } from '@shared/schemas/collections';
import type { ExportedItem } from '@shared/import/vitrine';
import { RENDERED_PAGE_ELEMENT_ID, type RenderedPageData } from '@shared/rendered-page';
import type { Env } from '@worker/env';
import { unzipSync } from 'fflate';
import type { ExportRun } from '@shared/schemas/exports';
import { call, createUser } from '../../support/worker-app';
import { addItem, addProperty, createCollection, seededPicture, uploadPicture } from '../../support/worker-catalogue';
import {
  CALLERS,
  LEVELS,
  browsesItem,
  browsesValue,
  expectExactlyValues,
  marker,
  visibilityMatrix,
  type VisibilityMatrix,
} from '../../support/worker-visibility';
import { finishedRun } from '../finished-run';

/** The app's shell as built (web/dist/index.html), which the suite does not build. */
const SHELL = '<!doctype html><html lang="en"><head><title>Vitrine</title></head><body><div id="root"></div></body></html>';
const ASSETS = {
  fetch: async () => new Response(SHELL, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }),
} as unknown as Env['ASSETS'];
/** A link preview's crawler, as a chat or social site sends it. */
const CRAWLER = { 'User-Agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' };

/** A rendered page: its markup, its data block and its link preview's tags. */
async function renderedPage(path: string, token?: string) {
  const res = await call(path, { token, headers: CRAWLER, env: { ASSETS } });
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const block = new RegExp(`<script type="application/json" id="${RENDERED_PAGE_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  const preview = [...html.matchAll(/<meta property="((?:og|twitter):[a-z_]+)" content="([^"]*)">/g)].map(([, name, content]) => [
    name!,
    content!,
  ]);
  return { html, data: block ? (JSON.parse(block[1]!) as RenderedPageData).data : null, preview: Object.fromEntries(preview) };
}

describe('visibility of exports, rendered pages, link previews and screens', () => {
  let m: VisibilityMatrix;
  beforeAll(async () => {
    m = await visibilityMatrix();
  }, 180_000);

  it.each(CALLERS)(
    'exports to the $name exactly the items and values they may see',
    async (row) => {
      const caller = { ...row, token: row.person(m)?.token };
      const owner = caller.name === 'owner';
      const files: string[] = [];
      for (const c of LEVELS) {
        const { id, items } = m.collections[c];
        // The owner's export is the whole collection (it imports back into the same one); anyone else's
        // is what they browse: their collections and items, and their properties' values.
        const exported = owner || c <= caller.sees;
        const json = await call(`/api/v1/collections/${id}/export?format=json`, { token: caller.token });
        const csv = await call(`/api/v1/collections/${id}/export?format=csv`, { token: caller.token });
        expect([json.status, csv.status], `${caller.name} export of ${c}`).toEqual(exported ? [200, 200] : [404, 404]);
        const [jsonText, csvText] = [await json.text(), await csv.text()];
        files.push(jsonText, csvText);
        if (!exported) continue;
        const shown = LEVELS.filter((i) => owner || browsesItem(caller, c, i));
        const document = JSON.parse(jsonText) as { items: ExportedItem[]; properties: { key: string }[] };
        expect(document.items.map((item) => item.id).sort(), `${caller.name} items of ${c}`).toEqual(shown.map((i) => items[i]).sort());
        expect(
          document.properties.map((p) => p.key),
          `${caller.name} properties of ${c}`,
        ).toEqual(['name', ...LEVELS.filter((p) => owner || p <= caller.level).map((p) => `p${p}`)]);
        // Loans, and the settings a restore needs, are the owner's alone.
        expect(
          document.items.some((item) => 'loans' in item),
          `${caller.name} loans of ${c}`,
        ).toBe(owner);
        // The CSV: its header, then a line an item.
        expect(csvText.trim().split(/\r?\n/).length, `${caller.name} CSV lines of ${c}`).toBe(1 + shown.length);
      }
      const everything = files.join('\n');
      expectExactlyValues(everything, (c, i, p) => owner || browsesValue(caller, c, i, p), `${caller.name}'s exports`);
      // Level 2 "Shared users": in the exports of the members and the owner, nobody else's.
      expect(everything.includes(marker(2, 2, 2)), caller.name).toBe(caller.sees >= 2);
    },
    60_000,
  );

  it('makes exports with pictures of a level-2 collection for its owner and co-owners, each of what they see, for nobody else', async () => {
    const { id } = m.collections[2];
    const runs = `/api/v1/collections/${id}/exports`;
    // Only the owner and co-owners make them; viewers and editors are refused, anyone else finds nothing.
    expect((await call(runs, { method: 'POST' })).status).toBe(401);
    for (const [person, status] of [
      [m.stranger, 404],
      [m.removed, 404],
      [m.viewer, 403],
      [m.editor, 403],
    ] as const) {
      expect((await call(runs, { method: 'POST', token: person.token })).status).toBe(status);
      expect((await call(runs, { token: person.token })).status).toBe(status);
    }
    // A co-owner made one, and was then removed: their access ends with it.
    const leaving = await createUser();
    const shared = await call(`/api/v1/collections/${id}/members`, {
      method: 'POST',
      token: m.owner.token,
      json: { login: leaving.user.username, role: 'co_owner' },
    });
    expect(shared.status).toBe(201);
    const files: Record<string, string> = {};
    for (const [name, person] of [
      ['owner', m.owner],
      ['co-owner', m.coOwner],
      ['leaving', leaving],
    ] as const) {
      const started = await call(runs, { method: 'POST', token: person.token });
      expect(started.status, name).toBe(202);
      const run = await finishedRun<ExportRun>(`${runs}/${((await started.json()) as ExportRun).id}`, person.token);
      expect(run.status, name).toBe('done');
      files[name] = run.file!;
      const zip = unzipSync(new Uint8Array(await (await call(run.file!, { token: person.token })).arrayBuffer()));
      const document = new TextDecoder().decode(Object.values(zip)[0]);
      // The owner's is the whole collection; a co-owner's holds what they browse (level 4 is nobody's
      // while browsing), without loans or settings: their own download, word for word.
      const whole = name === 'owner';
      expectExactlyValues(document, (c, i, p) => c === 2 && (whole || browsesValue({ sees: 2, level: 3 }, c, i, p)), `${name}'s zip`);
      const plain = await (await call(`/api/v1/collections/${id}/export?format=json`, { token: person.token })).json();
      expect({ ...(JSON.parse(document) as object), exportedAt: null }, name).toEqual({ ...(plain as object), exportedAt: null });
    }
    expect((await call(`/api/v1/collections/${id}/members/${leaving.user.id}`, { method: 'DELETE', token: m.owner.token })).status).toBe(
      204,
    );
    // Nobody downloads another's, and the removed co-owner no longer theirs.
    for (const [token, file, status] of [
      [leaving.token, files.leaving!, 404],
      [m.coOwner.token, files.owner!, 404],
      [m.owner.token, files['co-owner']!, 404],
      [m.viewer.token, files.owner!, 403],
      [m.editor.token, files['co-owner']!, 403],
      [m.stranger.token, files.owner!, 404],
      [m.removed.token, files.owner!, 404],
      [undefined, files.owner!, 401],
    ] as const) {
      const res = await call(file, { token });
      expect(res.status, file).toBe(status);
      expect(await res.text()).not.toContain(marker(2, 2, 2));
    }
  }, 180_000);

  it.each(CALLERS)(
    'renders the pages the $name opens as an anonymous visitor sees them, previews included',
    async (row) => {
      const token = row.person(m)?.token;
      const anonymous = { sees: 0, level: 0 } as const;
      const pages: string[] = [];
      for (const c of LEVELS) {
        const { id, name, items } = m.collections[c];
        const collection = await renderedPage(`/collection/${id}`, token);
        pages.push(collection.html, JSON.stringify(collection.data ?? {}));
        // A preview, the collection's name and its count of items: only when everyone sees it.
        expect(collection.preview['og:title'], `${row.name} preview of ${c}`).toBe(c === 0 ? name : undefined);
        expect(collection.html.includes(name), `${row.name} collection ${c}`).toBe(c === 0);
        const answer = collection.data?.[`/collections/${id}`] as Collection | undefined;
        expect(answer?.itemCount, `${row.name} count of ${c}`).toBe(c === 0 ? 1 : undefined);
        for (const i of LEVELS) {
          const shown = browsesItem(anonymous, c, i);
          const item = await renderedPage(`/collection/${id}/item/${items[i]}`, token);
          const borrow = await renderedPage(`/collection/${id}/item/${items[i]}/borrow`, token);
          pages.push(item.html, JSON.stringify(item.data ?? {}), borrow.html, JSON.stringify(borrow.data ?? {}));
          expect(item.preview['og:title'], `${row.name} item preview c${c}i${i}`).toBe(shown ? `item c${c}i${i}` : undefined);
          if (shown) {
            // A preview's description says the item's summary: the values everyone sees, no other.
            expect(item.preview['og:description']).toContain(marker(c, i, 0));
            for (const p of [1, 2, 3, 4] as const) expect(item.preview['og:description']).not.toContain(marker(c, i, p));
          }
          expect(item.html.includes(`item c${c}i${i}`), `${row.name} item page c${c}i${i}`).toBe(shown);
          expect(borrow.html.includes(`item c${c}i${i}`), `${row.name} borrow page c${c}i${i}`).toBe(shown);
        }
      }
      const home = await renderedPage('/', token);
      pages.push(home.html);
      for (const c of LEVELS) expect(home.html.includes(m.collections[c].name), `${row.name} home: ${c}`).toBe(c === 0);
      // The markup, its data block and its previews hold what an anonymous visitor sees, whoever asks.
      expectExactlyValues(pages.join('\n'), (c, i, p) => browsesValue(anonymous, c, i, p), `${row.name}'s pages`);
    },
    90_000,
  );

  it('leaves out of a co-owner’s export with pictures the files only level 4 names', async () => {
    const owner = await createUser();
    const col = await createCollection(owner.token, { name: 'Scans', visibility: 2 });
    const shared = await call(`/api/v1/collections/${col.id}/members`, {
      method: 'POST',
      token: owner.token,
      json: { login: m.coOwner.user.username, role: 'co_owner' },
    });
    expect(shared.status).toBe(201);
    await addProperty(owner.token, col.id, { label: 'Cover', key: 'cover', type: 'image', isCover: true, visibility: 2 });
    await addProperty(owner.token, col.id, { label: 'Scan', key: 'scan', type: 'image', visibility: 4 });
    const cover = await uploadPicture(owner.token, col.id, seededPicture(11));
    const scan = await uploadPicture(owner.token, col.id, seededPicture(13));
    const hidden = await uploadPicture(owner.token, col.id, seededPicture(17));
    await addItem(owner.token, col.id, { values: { cover, scan } });
    await addItem(owner.token, col.id, { values: { cover: hidden }, visibility: 4 });
    const pictures = async (token: string) => {
      const runs = `/api/v1/collections/${col.id}/exports`;
      const started = await call(runs, { method: 'POST', token });
      expect(started.status).toBe(202);
      const run = await finishedRun<ExportRun>(`${runs}/${((await started.json()) as ExportRun).id}`, token);
      const zip = unzipSync(new Uint8Array(await (await call(run.file!, { token })).arrayBuffer()));
      return Object.keys(zip)
        .filter((name) => name.startsWith('pictures/'))
        .sort();
    };
    const file = (value: string) => `pictures/${value.split('/').pop()}`;
    expect(await pictures(owner.token)).toEqual([cover, scan, hidden].map(file).sort());
    expect(await pictures(m.coOwner.token)).toEqual([file(cover)]);
  }, 180_000);

  it('never previews a level-2 title, subtitle or cover, which the members’ screens show', async () => {
    const owner = await createUser();
    const col = await createCollection(owner.token, { name: `Covers ${crypto.randomUUID().slice(0, 8)}`, visibility: 0 });
    const shared = await call(`/api/v1/collections/${col.id}/members`, {
      method: 'POST',
      token: owner.token,
      json: { login: m.viewer.user.username, role: 'viewer' },
    });
    expect(shared.status).toBe(201);
    await addProperty(owner.token, col.id, { label: 'Name', key: 'name', type: 'text', visibility: 0 });
    await addProperty(owner.token, col.id, { label: 'Shelf name', key: 'shelf', type: 'text', isTitle: true, visibility: 2 });
    await addProperty(owner.token, col.id, { label: 'Tagline', key: 'tagline', type: 'text', isSubtitle: true, visibility: 2 });
    await addProperty(owner.token, col.id, { label: 'Cover', key: 'cover', type: 'image', isCover: true, visibility: 2 });
    const cover = await uploadPicture(owner.token, col.id, seededPicture(7));
    const key = cover.slice('media://'.length);
    const item = await addItem(owner.token, col.id, {
      values: { name: 'Plain name', shelf: 'Family shelf title', tagline: 'Family tagline', cover },
    });
    const path = `/collection/${col.id}/item/${item.id}`;
    for (const token of [undefined, m.stranger.token, m.viewer.token, owner.token]) {
      const page = await renderedPage(path, token);
      expect(page.preview['og:title']).toBe(`${col.name} #${item.id}`);
      expect(page.preview['og:image']).toBeUndefined();
      for (const secret of ['Family shelf title', 'Family tagline', key]) expect(page.html).not.toContain(secret);
    }
    const screen = async (token?: string) =>
      JSON.stringify(await (await call(`/api/v1/screen?path=${encodeURIComponent(path)}`, { token, env: { ASSETS } })).json());
    for (const token of [undefined, m.stranger.token, m.removed.token]) {
      const data = await screen(token);
      for (const secret of ['Family shelf title', 'Family tagline', key]) expect(data).not.toContain(secret);
    }
    for (const token of [m.viewer.token, owner.token]) {
      const data = await screen(token);
      for (const secret of ['Family shelf title', 'Family tagline', key]) expect(data).toContain(secret);
    }
  });

  it.each(CALLERS)(
    'answers the screens of the $name as the API answers them',
    async (row) => {
      const caller = { ...row, token: row.person(m)?.token };
      const screen = async (path: string) => {
        const res = await call(`/api/v1/screen?path=${encodeURIComponent(path)}`, { token: caller.token, env: { ASSETS } });
        expect([200, 404], `${caller.name} ${path}`).toContain(res.status);
        return res.status === 200 ? ((await res.json()) as { data: Record<string, unknown> }).data : {};
      };
      const answers: string[] = [];
      const home = JSON.stringify(await screen('/'));
      answers.push(home);
      // A member's home shows the collection shared with them at level 2 ("Shared with me").
      expect(home.includes(m.collections[2].name), `${caller.name} home`).toBe(caller.sees >= 2);
      // Level 3 is the owner's alone; level 4 shows on nobody's home, the owner's included.
      expect(home.includes(m.collections[3].name), `${caller.name} home: 3`).toBe(caller.name === 'owner');
      expect(home.includes(m.collections[4].name), `${caller.name} home: 4`).toBe(false);
      for (const c of LEVELS) {
        const { id, items } = m.collections[c];
        const collection = await screen(`/collection/${id}`);
        answers.push(JSON.stringify(collection));
        // The collection answers its owner whatever its level (their manage screens need it), with the
        // count of the items they browse; anyone else, only while they may see it.
        const answer = collection[`/collections/${id}`] as Collection | undefined;
        const count = LEVELS.filter((i) => i <= caller.level && i !== 4).length;
        expect(answer?.itemCount, `${caller.name} count of ${c}`).toBe(c <= caller.sees || caller.name === 'owner' ? count : undefined);
        for (const i of LEVELS) {
          for (const path of [`/collection/${id}/item/${items[i]}`, `/collection/${id}/item/${items[i]}/borrow`]) {
            const data = await screen(path);
            answers.push(JSON.stringify(data));
            expect(data[`/collections/${id}/items/${items[i]}`] !== undefined, `${caller.name} ${path} c${c}i${i}`).toBe(
              browsesItem(caller, c, i),
            );
          }
        }
      }
      expectExactlyValues(answers.join('\n'), (c, i, p) => browsesValue(caller, c, i, p), `${caller.name}'s screens`);
      expect(answers.join('\n').includes(marker(2, 2, 2)), caller.name).toBe(caller.sees >= 2);
    },
    90_000,
  );

  it('exports nothing of a level-2 collection to anyone in demo mode but its people', async () => {
    const DEMO = { DEMO_MODE: 'true' };
    const { id } = m.collections[2];
    for (const token of [undefined, m.stranger.token, m.removed.token]) {
      expect((await call(`/api/v1/collections/${id}/export`, { token, env: DEMO })).status).toBe(404);
      const screen = await call(`/api/v1/screen?path=${encodeURIComponent(`/collection/${id}`)}`, { token, env: { ...DEMO, ASSETS } });
      expect(JSON.stringify(await screen.json())).not.toContain(marker(2, 0, 0));
    }
    const viewers = await call(`/api/v1/collections/${id}/export?format=csv`, { token: m.viewer.token, env: DEMO });
    expect(await viewers.text()).toContain(marker(2, 2, 2));
  });
});
