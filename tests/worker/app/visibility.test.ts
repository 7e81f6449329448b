// The visibility matrix: every read path × {anonymous, stranger, removed member, viewer, editor,
// co-owner, owner} × levels 0/1/2/3/4 (2 "Shared users") on the collection, the item and the property.
// A value may appear in a response only when the caller may see its collection, its item and its
// property; level 4 is seen by nobody while browsing.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Collection } from '@shared/schemas/collections';
import type { ItemPage } from '@shared/schemas/items';
import { call, createUser } from '../../support/worker-app';
import { addItem, addProperty, createCollection } from '../../support/worker-catalogue';

const LEVELS = [0, 1, 2, 3, 4] as const;
const COLLECTION_LEVELS = LEVELS;
const WORD = { 0: 'alpha', 1: 'bravo', 2: 'kilo', 3: 'charlie', 4: 'delta' } as const;
const marker = (c: number, i: number, p: number) => `${WORD[p as 0]} c${c}i${i}`;

type Person = Awaited<ReturnType<typeof createUser>>;

describe('visibility on every read path', () => {
  // Built once: five collections (one a level), each with a property and an item at every level.
  let owner: Person, stranger: Person, viewer: Person, editor: Person, coOwner: Person, removed: Person;
  const ids: Record<number, { collection: number; items: Record<number, number> }> = {};
  beforeAll(async () => {
    owner = await createUser();
    stranger = await createUser();
    viewer = await createUser();
    editor = await createUser();
    coOwner = await createUser();
    removed = await createUser();
    for (const c of COLLECTION_LEVELS) {
      const col = await createCollection(owner.token, { name: `Level ${c} collection`, visibility: c });
      for (const [person, role] of [
        [viewer, 'viewer'],
        [editor, 'editor'],
        [coOwner, 'co_owner'],
        [removed, 'viewer'],
      ] as const) {
        const shared = await call(`/api/v1/collections/${col.id}/members`, {
          method: 'POST',
          token: owner.token,
          json: { login: person.user.username, role },
        });
        expect(shared.status).toBe(201);
      }
      // Shared with, then no more: a signed-in person like any other.
      const gone = await call(`/api/v1/collections/${col.id}/members/${removed.user.id}`, { method: 'DELETE', token: owner.token });
      expect(gone.status).toBe(204);
      await addProperty(owner.token, col.id, { label: 'Name', type: 'text', isTitle: true, visibility: 0 });
      for (const p of LEVELS) {
        await addProperty(owner.token, col.id, {
          label: `P${p}`,
          key: `p${p}`,
          type: 'text',
          visibility: p,
          searchable: true,
          filterable: true,
          inSummary: true,
          sortable: true,
        });
      }
      ids[c] = { collection: col.id, items: {} };
      for (const i of LEVELS) {
        const values: Record<string, string> = { name: `item c${c}i${i}` };
        for (const p of LEVELS) values[`p${p}`] = marker(c, i, p);
        const item = await addItem(owner.token, col.id, { values, visibility: i === 0 ? null : i });
        ids[c]!.items[i] = item.id;
      }
    }
  }, 180_000);

  // `sees`: the highest collection level the caller browses; `level`: the highest item and property level.
  const callers = [
    { name: 'anonymous', person: () => undefined, sees: 0, level: 0 },
    { name: 'stranger', person: () => stranger, sees: 1, level: 1 },
    { name: 'removed member', person: () => removed, sees: 1, level: 1 },
    { name: 'viewer', person: () => viewer, sees: 2, level: 2 },
    { name: 'editor', person: () => editor, sees: 2, level: 3 },
    { name: 'co-owner', person: () => coOwner, sees: 2, level: 3 },
    { name: 'owner', person: () => owner, sees: 3, level: 3 },
  ] as const;

  it.each(callers)(
    'never leaks a collection, an item or a value to the $name below its level',
    async (row) => {
      const caller = { ...row, token: row.person()?.token };
      const get = async (path: string) => {
        const res = await call(path, { token: caller.token });
        return { status: res.status, text: await res.text() };
      };
      const bodies: string[] = [];
      const list = await get('/api/v1/collections');
      bodies.push(list.text);
      const listed = (JSON.parse(list.text) as { collections: Collection[] }).collections
        .filter((x) => x.ownerId === owner.user.id)
        .map((x) => x.name);
      expect(listed, caller.name).toEqual(COLLECTION_LEVELS.filter((c) => c <= caller.sees).map((c) => `Level ${c} collection`));

      for (const c of COLLECTION_LEVELS) {
        const base = `/api/v1/collections/${ids[c]!.collection}`;
        const browsable = c <= caller.sees;
        for (const path of [`${base}/items?perPage=all`, `${base}/filters`, `${base}/recent`, `${base}/items?q=c${c}i`]) {
          const res = await get(path);
          expect(res.status, `${caller.name} ${path}`).toBe(browsable ? 200 : 404);
          bodies.push(res.text);
        }
        if (browsable) {
          const page = JSON.parse((await get(`${base}/items?perPage=all&sort=p0&dir=asc`)).text) as ItemPage;
          const visibleItems = LEVELS.filter((i) => i <= caller.level && i !== 4).map((i) => ids[c]!.items[i]);
          expect(page.items.map((x) => x.id).sort(), `${caller.name} items of ${c}`).toEqual(visibleItems.sort());
          expect(page.total).toBe(visibleItems.length);
          const collection = JSON.parse((await get(base)).text) as Collection;
          expect(collection.itemCount).toBe(visibleItems.length);
          // Searching for a property's word finds items only through properties the caller may see.
          for (const p of LEVELS) {
            const found = JSON.parse((await get(`${base}/items?q=${WORD[p]}`)).text) as ItemPage;
            expect(found.items.length, `${caller.name} search ${WORD[p]} in ${c}`).toBe(p <= caller.level ? visibleItems.length : 0);
          }
        }
        for (const i of LEVELS) {
          const res = await get(`${base}/items/${ids[c]!.items[i]}`);
          const visible = browsable && i <= caller.level && i !== 4;
          expect(res.status, `${caller.name} item c${c}i${i}`).toBe(visible ? 200 : 404);
          bodies.push(res.text);
        }
      }

      const everything = bodies.join('\n');
      for (const c of COLLECTION_LEVELS)
        for (const i of LEVELS)
          for (const p of LEVELS) {
            const allowed = c <= caller.sees && i <= caller.level && p <= caller.level && i !== 4;
            expect(everything.includes(marker(c, i, p)), `${caller.name} sees ${marker(c, i, p)}`).toBe(allowed);
          }
    },
    60_000,
  );

  it('serves media only to callers who may see a value using it', async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const col = await createCollection(owner.token, { name: 'Pictures', visibility: 0 });
    await addProperty(owner.token, col.id, { label: 'Public picture', key: 'pub', type: 'image', visibility: 0 });
    await addProperty(owner.token, col.id, { label: 'Private picture', key: 'priv', type: 'image', visibility: 3 });
    const png = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
      (ch) => ch.charCodeAt(0),
    );
    const upload = async () => {
      const form = new FormData();
      form.set('file', new File([png], 'p.png'));
      const res = await call(`/api/v1/collections/${col.id}/media`, { method: 'POST', token: owner.token, body: form });
      return ((await res.json()) as { value: string }).value.slice('media://'.length);
    };
    const pub = await upload();
    const priv = await upload();
    const hiddenItem = await upload();
    await addItem(owner.token, col.id, { values: { pub: `media://${pub}`, priv: `media://${priv}` } });
    await addItem(owner.token, col.id, { values: { pub: `media://${hiddenItem}` }, visibility: 3 });

    const status = async (key: string, token?: string, query = '') => (await call(`/media/${key}${query}`, { token })).status;
    expect(await status(pub)).toBe(200);
    expect(await status(priv)).toBe(404);
    expect(await status(hiddenItem)).toBe(404);
    expect(await status(priv, stranger.token)).toBe(404);
    expect(await status(priv, owner.token)).toBe(200);
    expect(await status(hiddenItem, owner.token)).toBe(200);
    // Browsers load images without the bearer header: a media ticket stands in for it.
    const ticket = ((await (await call('/api/v1/media-ticket', { token: owner.token })).json()) as { ticket: string }).ticket;
    expect(await status(priv, undefined, `?t=${ticket}`)).toBe(200);
    expect(await status(priv, undefined, `?t=${ticket}x`)).toBe(404);
    expect((await call('/api/v1/media-ticket')).status).toBe(401);
    const res = await call(`/media/${pub}`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('private');
  });
});
