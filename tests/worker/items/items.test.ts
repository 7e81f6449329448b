import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PROPERTY_TYPES } from '@shared/catalogue';
import type { Item, ItemPage } from '@shared/schemas/items';
import { call, createUser, errorCode, imageForm, PNG_BYTES } from '../../support/worker-app';
import { addItem, addProperty, createCollection, getJson } from '../../support/worker-catalogue';

async function everyTypeCollection() {
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Everything' });
  for (const type of PROPERTY_TYPES) await addProperty(owner.token, c.id, { label: `My ${type}`, type, isTitle: type === 'text' });
  await addProperty(owner.token, c.id, { label: 'Authors', type: 'text', multiple: true });
  await addProperty(owner.token, c.id, { label: 'Must', type: 'text', required: true, defaultValue: 'x' });
  return { owner, c };
}

describe('item values are typed and validated by the server', () => {
  it('accepts a valid value of every content type and keeps the order of multiple values', async () => {
    const { owner, c } = await everyTypeCollection();
    const upload = await call(`/api/v1/collections/${c.id}/media`, { method: 'POST', token: owner.token, body: imageForm(PNG_BYTES) });
    expect(upload.status).toBe(201);
    const media = (await upload.json()) as { value: string; kind: string };
    expect(media.kind).toBe('image');
    const values = {
      my_text: 'Dune',
      my_longtext: 'A long\ntext',
      my_number: '12,5',
      my_date: '1965-08-01',
      my_datetime: '2024-02-29T10:30:00Z',
      my_rating: 3.5,
      my_yesno: true,
      my_url: 'https://example.org/a',
      my_color: '#A1B2C3',
      my_json: '{"a":[1,2]}',
      my_image: media.value,
      my_video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      my_file: media.value,
      authors: ['Zed', 'Ann', 'Bob'],
    };
    const item = await addItem(owner.token, c.id, { values, quantity: 3 });
    expect(item.values).toEqual({
      ...values,
      my_number: 12.5,
      my_datetime: '2024-02-29T10:30:00.000Z',
      my_color: '#a1b2c3',
      my_json: { a: [1, 2] },
      must: 'x',
    });
    expect(item).toMatchObject({ title: 'Dune', quantity: 3, visibility: null, isOwner: true });
  });

  it('reports every invalid value with its field', async () => {
    const { owner, c } = await everyTypeCollection();
    const res = await call(`/api/v1/collections/${c.id}/items`, {
      method: 'POST',
      token: owner.token,
      lang: 'fr_FR',
      json: {
        values: {
          my_number: 'twelve',
          my_date: '2023-02-30',
          my_datetime: 'yesterday',
          my_rating: 4.2,
          my_url: 'javascript:alert(1)',
          my_color: 'red',
          my_json: '{oops',
          my_image: 'https://evil.example/x.png',
          my_video: 'https://evil.example/video',
          my_text: ['one', 'two'],
          must: '',
          nope: 1,
        },
      },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { details: { fields: { path: string; reason: string; message: string }[] } } };
    const reasons = Object.fromEntries(body.error.details.fields.map((f) => [f.path, f.reason]));
    expect(reasons).toEqual({
      'values.nope': 'unknown_property',
      'values.my_number': 'invalid_number',
      'values.my_date': 'invalid_date',
      'values.my_datetime': 'invalid_datetime',
      'values.my_rating': 'invalid_rating',
      'values.my_url': 'invalid_url',
      'values.my_color': 'invalid_color',
      'values.my_json': 'invalid_json',
      'values.my_image': 'invalid_media',
      'values.my_video': 'invalid_video',
      'values.my_text': 'not_multiple',
      'values.must': 'required',
    });
    expect(body.error.details.fields.find((f) => f.path === 'values.my_color')!.message).toBe("Une couleur s'écrit #rrggbb.");
    const count = await env.DB.prepare('SELECT count(*) AS n FROM items WHERE collection_id = ?').bind(c.id).first<{ n: number }>();
    expect(count!.n).toBe(0);
  });
});

describe('item lifecycle', () => {
  it('creates, reads, edits, duplicates and deletes', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { type: 'books', name: 'Books' });
    const created = await addItem(owner.token, c.id, { values: { title: 'Dune', authors: ['Frank Herbert'], year: 1965 } });
    const read = await getJson<Item>(`/api/v1/collections/${c.id}/items/${created.id}`);
    expect(read.values).toEqual({ title: 'Dune', authors: ['Frank Herbert'], year: 1965 });
    expect(read.isOwner).toBe(false);

    const edited = await call(`/api/v1/collections/${c.id}/items/${created.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { values: { title: 'Dune Messiah', authors: ['Frank Herbert'], year: 1969 }, quantity: 2 },
    });
    expect(edited.status).toBe(200);
    const after = (await edited.json()) as Item;
    expect(after).toMatchObject({ title: 'Dune Messiah', quantity: 2, values: { year: 1969 } });
    expect(after.updatedAt > after.createdAt).toBe(true);

    const copy = await call(`/api/v1/collections/${c.id}/items/${created.id}/duplicate`, { method: 'POST', token: owner.token });
    expect(copy.status).toBe(201);
    const duplicated = (await copy.json()) as Item;
    expect(duplicated.id).not.toBe(created.id);
    expect(duplicated.values).toEqual({ ...after.values, title: 'Dune Messiah (copy)' });
    expect(duplicated.quantity).toBe(2);
    const search = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?q=messiah`);
    expect(search.items.map((i) => i.id).sort()).toEqual([created.id, duplicated.id].sort());

    expect((await call(`/api/v1/collections/${c.id}/items/${created.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect((await call(`/api/v1/collections/${c.id}/items/${created.id}`)).status).toBe(404);
    expect((await getJson<{ itemCount: number }>(`/api/v1/collections/${c.id}`)).itemCount).toBe(1);
  });

  it('refuses strangers, anonymous callers and demo mode for every write', async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const c = await createCollection(owner.token, { type: 'books', name: 'Books' });
    const item = await addItem(owner.token, c.id, { values: { title: 'Dune' } });
    const writes: [string, string, unknown][] = [
      ['POST', `/api/v1/collections/${c.id}/items`, { values: { title: 'x' } }],
      ['PATCH', `/api/v1/collections/${c.id}/items/${item.id}`, { quantity: 2 }],
      ['POST', `/api/v1/collections/${c.id}/items/${item.id}/duplicate`, undefined],
      ['DELETE', `/api/v1/collections/${c.id}/items/${item.id}`, undefined],
      ['POST', `/api/v1/collections/${c.id}/properties`, { label: 'x', type: 'text' }],
    ];
    for (const [method, path, json] of writes) {
      expect((await call(path, { method, json })).status).toBe(401);
      const forbidden = await call(path, { method, json, token: stranger.token });
      expect(forbidden.status).toBe(403);
      const demo = await call(path, { method, json, token: owner.token, env: { DEMO_MODE: 'true' } });
      expect(await errorCode(demo)).toBe('DEMO_MODE');
    }
    expect((await getJson<Item>(`/api/v1/collections/${c.id}/items/${item.id}`)).quantity).toBe(1);
  });
});

describe('collection pages: search, sort, filters, pagination', () => {
  async function library() {
    const owner = await createUser();
    const c = await createCollection(owner.token, { type: 'books', name: 'Library' });
    const books = [
      { title: 'Élan vital', authors: ['Bergson'], year: 1907, read: true, rating: 4 },
      { title: 'Dune', authors: ['Frank Herbert'], year: 1965, read: true, rating: 5 },
      { title: 'Hyperion', authors: ['Dan Simmons'], year: 1989, read: false, rating: 4.5 },
      { title: 'Foundation', authors: ['Isaac Asimov'], year: 1951, read: false },
      { title: 'Dune Messiah', authors: ['Frank Herbert'], year: 1969, read: true, rating: 3.5 },
    ];
    for (const values of books) await addItem(owner.token, c.id, { values });
    return { owner, c };
  }
  const titles = (page: ItemPage) => page.items.map((i) => i.title);

  it('searches accent- and case-insensitively with prefixes', async () => {
    const { c } = await library();
    expect(titles(await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?q=ELAN`))).toEqual(['Élan vital']);
    expect(titles(await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?q=herb&sort=title&dir=asc`))).toEqual([
      'Dune',
      'Dune Messiah',
    ]);
    expect((await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?q=${encodeURIComponent('"unbalanced (')}`)).total).toBe(0);
  });

  it('sorts numbers as numbers, both ways, items without a value last', async () => {
    const { c } = await library();
    expect(titles(await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?sort=year&dir=asc`))).toEqual([
      'Élan vital',
      'Foundation',
      'Dune',
      'Dune Messiah',
      'Hyperion',
    ]);
    expect(titles(await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?sort=rating&dir=desc`))).toEqual([
      'Dune',
      'Hyperion',
      'Élan vital',
      'Dune Messiah',
      'Foundation',
    ]);
    const bad = await call(`/api/v1/collections/${c.id}/items?sort=summary`);
    expect(bad.status).toBe(400);
  });

  it('filters by values, ranges and yes/no, combined, with facet counts', async () => {
    const { c } = await library();
    const base = `/api/v1/collections/${c.id}`;
    expect(titles(await getJson<ItemPage>(`${base}/items?f.authors=frank%20herbert&sort=year&dir=asc`))).toEqual(['Dune', 'Dune Messiah']);
    expect(titles(await getJson<ItemPage>(`${base}/items?min.year=1950&max.year=1966&sort=year&dir=asc`))).toEqual(['Foundation', 'Dune']);
    const combined = await getJson<ItemPage>(`${base}/items?f.read=true&min.year=1960&sort=year&dir=asc`);
    expect(titles(combined)).toEqual(['Dune', 'Dune Messiah']);
    expect(combined.total).toBe(2);
    const { filters } = await getJson<{
      filters: { key: string; kind: string; values: { value: string; count: number }[]; min: unknown; max: unknown }[];
    }>(`${base}/filters?f.read=true`);
    const authors = filters.find((f) => f.key === 'authors')!;
    expect(authors.values[0]).toEqual({ value: 'Frank Herbert', count: 2 });
    expect(authors.values).toHaveLength(2); // Bergson and Herbert among read books
    expect(filters.find((f) => f.key === 'read')!.values).toEqual(
      expect.arrayContaining([
        { value: 'true', count: 3 },
        { value: 'false', count: 2 },
      ]),
    );
    expect(filters.find((f) => f.key === 'year')).toMatchObject({ kind: 'range', min: 1907, max: 1969 });
    expect((await call(`${base}/items?f.summary=x`)).status).toBe(400);
  });

  it('paginates with a total, and serves Unlimited in pages of 200', async () => {
    const { c } = await library();
    const first = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?perPage=20&sort=year&dir=asc&page=1`);
    expect(first).toMatchObject({ total: 5, page: 1, perPage: 20 });
    expect((await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?perPage=all`)).perPage).toBe('all');
    expect((await call(`/api/v1/collections/${c.id}/items?perPage=7`)).status).toBe(400);
    expect((await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?perPage=20&page=2`)).items).toEqual([]);
  });

  it('lists the last changes', async () => {
    const { owner, c } = await library();
    const page = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?q=hyperion`);
    await call(`/api/v1/collections/${c.id}/items/${page.items[0]!.id}`, { method: 'PATCH', token: owner.token, json: { quantity: 4 } });
    const recent = await getJson<{ added: { title: string }[]; edited: { title: string }[] }>(`/api/v1/collections/${c.id}/recent`);
    expect(recent.added[0]!.title).toBe('Dune Messiah');
    expect(recent.edited.map((i) => i.title)).toEqual(['Hyperion']);
  });

  it('reads only the edited items for "recently edited", not every item of the collection', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { type: 'books', name: 'Fresh import' });
    const items = [];
    for (let i = 0; i < 25; i += 1) items.push(await addItem(owner.token, c.id, { values: { title: `Book ${i}` } }));
    await call(`/api/v1/collections/${c.id}/items/${items[3]!.id}`, { method: 'PATCH', token: owner.token, json: { quantity: 2 } });
    const res = await call(`/api/v1/collections/${c.id}/recent`, { env: { EXPOSE_D1_METRICS: 'true' }, headers: { 'x-measure-d1': '1' } });
    const recent = (await res.json()) as { edited: { title: string }[] };
    expect(recent.edited.map((i) => i.title)).toEqual(['Book 3']);
    const statements = JSON.parse(decodeURIComponent(res.headers.get('X-D1-Statements')!)) as { sql: string; read: number }[];
    const edited = statements.find((s) => s.sql.includes('AND updated_at'));
    // One edited item: a walk of the whole collection's update index read all 25.
    expect(edited!.read).toBeLessThanOrEqual(2);
  });
});

describe('measurement mode', () => {
  it('answers the D1 statements and rows of a request in X-D1-* headers, and only when enabled', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { type: 'books', name: 'Measured' });
    await addItem(owner.token, c.id, { values: { title: 'Dune' } });
    const measured = await call(`/api/v1/collections/${c.id}/items?sort=year`, {
      env: { EXPOSE_D1_METRICS: 'true' },
      headers: { 'x-measure-d1': '1' },
    });
    expect(measured.status).toBe(200);
    expect(Number(measured.headers.get('x-d1-queries'))).toBeGreaterThanOrEqual(3);
    expect(Number(measured.headers.get('x-d1-rows-read'))).toBeGreaterThan(0);
    // Each statement's share, adding up to the totals.
    const statements = JSON.parse(decodeURIComponent(measured.headers.get('x-d1-statements')!)) as {
      sql: string;
      read: number;
      written: number;
    }[];
    expect(statements).toHaveLength(Number(measured.headers.get('x-d1-queries')));
    expect(statements.reduce((sum, st) => sum + st.read, 0)).toBe(Number(measured.headers.get('x-d1-rows-read')));
    expect(statements.every((st) => /^(select|with|insert|update|delete)\b/i.test(st.sql))).toBe(true);
    expect(((await measured.json()) as ItemPage).items[0]!.title).toBe('Dune');
    expect((await call(`/api/v1/collections/${c.id}/items`, { headers: { 'x-measure-d1': '1' } })).headers.has('x-d1-queries')).toBe(false);
    expect((await call(`/api/v1/collections/${c.id}/items`, { env: { EXPOSE_D1_METRICS: 'true' } })).headers.has('x-d1-queries')).toBe(
      false,
    );
  });
});
