import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Collection } from '@shared/schemas/collections';
import type { Property } from '@shared/schemas/properties';
import { call, createUser, errorCode, imageForm, PNG_BYTES } from '../../support/worker-app';
import { addItem, createCollection, getJson } from '../../support/worker-catalogue';

describe('POST /api/v1/collections', () => {
  it('creates a books collection from its template, labels in the creator’s language', async () => {
    const { token } = await createUser();
    const created = await createCollection(token, { type: 'books', name: 'Mes livres', tags: ['sf', 'sf', 'poche'] }, 'fr_FR');
    expect(created).toMatchObject({
      type: 'books',
      name: 'Mes livres',
      tags: ['sf', 'poche'],
      visibility: 0,
      borrowable: 3,
      itemCount: 0,
      isOwner: true,
    });
    // Read in French, as the creator's app asks (tests/worker/properties/property-labels.test.ts: other readers).
    const { properties } = (await (await call(`/api/v1/collections/${created.id}/properties`, { token, lang: 'fr_FR' })).json()) as {
      properties: Property[];
    };
    const byKey = Object.fromEntries(properties.map((p) => [p.key, p]));
    expect(Object.keys(byKey)).toEqual(
      expect.arrayContaining([
        'title',
        'subtitle',
        'cover',
        'authors',
        'series',
        'publisher',
        'year',
        'pages',
        'isbn',
        'language',
        'genre',
        'format',
        'summary',
        'read',
        'signed',
      ]),
    );
    expect(byKey.title).toMatchObject({ label: 'Titre', isTitle: true, required: true, searchable: true, sortable: true });
    expect(byKey.authors).toMatchObject({ label: 'Auteurs', multiple: true, filterable: true });
    expect(byKey.cover).toMatchObject({ type: 'image', isCover: true });
    expect(byKey.isbn).toMatchObject({ isReference: true });
    expect(properties.map((p) => p.displayOrder)).toEqual(properties.map((_, i) => i));
  });

  it('applies the other templates and none for custom types', async () => {
    const { token } = await createUser();
    for (const [type, key] of [
      ['board_games', 'players_max'],
      ['movies', 'trailer'],
      ['comics', 'issue'],
    ] as const) {
      const c = await createCollection(token, { type, name: type });
      const { properties } = await getJson<{ properties: Property[] }>(`/api/v1/collections/${c.id}/properties`, token);
      expect(properties.map((p) => p.key)).toContain(key);
    }
    const custom = await createCollection(token, { type: 'vinyls', name: 'Records' });
    expect((await getJson<{ properties: Property[] }>(`/api/v1/collections/${custom.id}/properties`, token)).properties).toEqual([]);
  });

  it('validates input and refuses anonymous callers and demo mode', async () => {
    const { token } = await createUser();
    const bad = await call('/api/v1/collections', { method: 'POST', token, json: { type: 'Bad Type!', name: '', visibility: 5 } });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error: { details: { fields: { path: string }[] } } }).error.details.fields.map((f) => f.path).sort(),
    ).toEqual(['name', 'type', 'visibility']);
    expect((await call('/api/v1/collections', { method: 'POST', json: { type: 'books', name: 'x' } })).status).toBe(401);
    const demo = await call('/api/v1/collections', {
      method: 'POST',
      token,
      json: { type: 'books', name: 'x' },
      env: { DEMO_MODE: 'true' },
    });
    expect(demo.status).toBe(403);
  });
});

describe('GET /api/v1/collections (visibility)', () => {
  it('shows each caller only what its level allows, with visible item counts', async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const everyone = await createCollection(owner.token, { name: 'Everyone', visibility: 0 });
    const loggedIn = await createCollection(owner.token, { name: 'Logged in', visibility: 1 });
    const onlyMe = await createCollection(owner.token, { name: 'Only me', visibility: 3 });
    const nobody = await createCollection(owner.token, { name: 'Nobody', visibility: 4 });
    await addItem(owner.token, everyone.id, { visibility: null });
    await addItem(owner.token, everyone.id, { visibility: 1 });
    await addItem(owner.token, everyone.id, { visibility: 3 });
    await addItem(owner.token, everyone.id, { visibility: 4 });

    const names = async (token?: string, mine = false) =>
      (await getJson<{ collections: Collection[] }>(`/api/v1/collections${mine ? '?mine=true' : ''}`, token)).collections
        .filter((c) => c.ownerId === everyone.ownerId)
        .map((c) => c.name);
    expect(await names()).toEqual(['Everyone']);
    expect(await names(stranger.token)).toEqual(['Everyone', 'Logged in']);
    expect(await names(owner.token)).toEqual(['Everyone', 'Logged in', 'Only me']);
    expect(await names(owner.token, true)).toEqual(['Everyone', 'Logged in', 'Nobody', 'Only me']);

    const count = async (token?: string) => (await getJson<Collection>(`/api/v1/collections/${everyone.id}`, token)).itemCount;
    expect(await count()).toBe(1);
    expect(await count(stranger.token)).toBe(2);
    expect(await count(owner.token)).toBe(3);

    for (const [c, token] of [
      [loggedIn, undefined],
      [onlyMe, stranger.token],
      [nobody, stranger.token],
    ] as const) {
      expect((await call(`/api/v1/collections/${c.id}`, { token })).status).toBe(404);
    }
    expect((await call('/api/v1/collections?mine=true')).status).toBe(401);
  });
});

describe('PATCH / DELETE /api/v1/collections/:id', () => {
  it('lets the owner edit and delete (with properties, items and values), nobody else', async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const c = await createCollection(owner.token, { type: 'books', name: 'Books' });
    const dune = await addItem(owner.token, c.id, { values: { title: 'Dune', authors: ['Frank Herbert'] } });

    const forbidden = await call(`/api/v1/collections/${c.id}`, { method: 'PATCH', token: stranger.token, json: { name: 'Mine now' } });
    expect(forbidden.status).toBe(403);
    expect((await call(`/api/v1/collections/${c.id}`, { method: 'PATCH', json: { name: 'x' } })).status).toBe(401);
    const demo = await call(`/api/v1/collections/${c.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { name: 'x' },
      env: { DEMO_MODE: 'true' },
    });
    expect(await errorCode(demo)).toBe('DEMO_MODE');
    const edited = await call(`/api/v1/collections/${c.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { name: 'Library', tags: ['home'], visibility: 1 },
    });
    expect(await edited.json()).toMatchObject({ name: 'Library', tags: ['home'], visibility: 1 });
    // An edit of one field leaves every other field as it was (no default slips into a partial edit).
    await call(`/api/v1/collections/${c.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { borrowable: 0, loanPeriodDays: 14, reminderDays: 3 },
    });
    const renamed = await call(`/api/v1/collections/${c.id}`, { method: 'PATCH', token: owner.token, json: { name: 'Shelf' } });
    expect(await renamed.json()).toMatchObject({
      name: 'Shelf',
      tags: ['home'],
      visibility: 1,
      borrowable: 0,
      loanPeriodDays: 14,
      reminderDays: 3,
    });
    const badPeriod = await call(`/api/v1/collections/${c.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { loanPeriodDays: 0, reminderDays: 31 },
    });
    expect(badPeriod.status).toBe(400);
    const invalid = await call(`/api/v1/collections/${c.id}`, { method: 'PATCH', token: owner.token, json: { owner: 3 } });
    expect(invalid.status).toBe(400);

    const stored = await env.DB.prepare('SELECT count(*) AS n FROM item_values WHERE item_id = ?').bind(dune.id).first<{ n: number }>();
    expect(stored!.n).toBe(2);
    expect((await call(`/api/v1/collections/${c.id}`, { method: 'DELETE', token: stranger.token })).status).toBe(403);
    expect((await call(`/api/v1/collections/${c.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect((await call(`/api/v1/collections/${c.id}`, { token: owner.token })).status).toBe(404);
    for (const table of ['properties', 'items']) {
      const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE collection_id = ?`).bind(c.id).first<{ n: number }>();
      expect(row!.n).toBe(0);
    }
    const values = await env.DB.prepare('SELECT count(*) AS n FROM item_values WHERE item_id = ?').bind(dune.id).first<{ n: number }>();
    const search = await env.DB.prepare('SELECT count(*) AS n FROM items_search WHERE rowid = ?').bind(dune.id).first<{ n: number }>();
    expect(values!.n).toBe(0);
    expect(search!.n).toBe(0);
  });

  it('stores an image checked by content', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token);
    const res = await call(`/api/v1/collections/${c.id}/image`, { method: 'PUT', token: owner.token, body: imageForm(PNG_BYTES) });
    expect(res.status).toBe(200);
    const { image } = (await res.json()) as Collection;
    expect(image).toMatch(new RegExp(`^media://collections/${c.id}/image-`));
    const bad = await call(`/api/v1/collections/${c.id}/image`, {
      method: 'PUT',
      token: owner.token,
      body: imageForm(new TextEncoder().encode('nope')),
    });
    expect(bad.status).toBe(415);
  });
});
