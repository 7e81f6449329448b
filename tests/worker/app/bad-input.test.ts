// Bad input never yields a 5xx: each case here once answered 500 (or a bare 405), and now answers the
// error envelope with a 4xx, or succeeds.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import type { FilterFacet, ItemPage } from '@shared/schemas/items';
import type { Property } from '@shared/schemas/properties';
import { call, createUser, errorCode } from '../../support/worker-app';
import { addItem, addProperty, createCollection, getJson } from '../../support/worker-catalogue';

async function envelope(res: Response) {
  return (await res.json()) as {
    error: { code: string; message: string; details: { fields?: { path: string; reason: string; message: string }[] } | null };
  };
}

describe('PATCH /collections/:id/properties/:pid with an empty body', () => {
  it('answers the property unchanged, and still refuses the wrong callers', async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const c = await createCollection(owner.token, { name: 'Shelf' });
    const prop = await addProperty(owner.token, c.id, { label: 'Year', type: 'number', filterable: true });
    const path = `/api/v1/collections/${c.id}/properties/${prop.id}`;
    const res = await call(path, { method: 'PATCH', token: owner.token, json: {} });
    expect(res.status).toBe(200);
    expect((await res.json()) as Property).toEqual(prop);
    expect((await call(path, { method: 'PATCH', json: {} })).status).toBe(401);
    expect(await errorCode(await call(path, { method: 'PATCH', token: stranger.token, json: {} }))).toMatch(/^(NOT_FOUND|FORBIDDEN)$/);
    expect(await errorCode(await call(path, { method: 'PATCH', token: owner.token, json: {}, env: { DEMO_MODE: 'true' } }))).toBe(
      'DEMO_MODE',
    );
    const invalid = await call(path, { method: 'PATCH', token: owner.token, json: { label: '' } });
    expect(invalid.status).toBe(400);
  });
});

describe('filters with many values, and many filters at once', () => {
  async function catalogue() {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Numbers', visibility: 0 });
    await addProperty(owner.token, c.id, { label: 'Name', type: 'text', isTitle: true, searchable: true });
    for (const [label, type] of [
      ['Year', 'number'],
      ['Stars', 'rating'],
      ['Day', 'date'],
      ['At', 'datetime'],
      ['Tag', 'text'],
      ['Done', 'yesno'],
    ] as const) {
      await addProperty(owner.token, c.id, { label, type, filterable: true, sortable: true });
    }
    await addItem(owner.token, c.id, {
      values: { name: 'first', year: 1990, stars: 4.5, day: '2020-01-31', at: '2020-01-31T10:00:00Z', tag: 'tag 7', done: true },
    });
    await addItem(owner.token, c.id, {
      values: { name: 'second', year: 2010, stars: 1, day: '2021-06-01', at: '2021-06-01T10:00:00Z', tag: 'other', done: false },
    });
    return { owner, c };
  }
  const many = (key: string, values: string[]) => values.map((v) => `${key}=${encodeURIComponent(v)}`).join('&');
  const days = Array.from({ length: 150 }, (_, i) => new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10));

  it('filters by 150 values of a number, rating, date, datetime, text or yes/no property', async () => {
    const { c } = await catalogue();
    const base = `/api/v1/collections/${c.id}`;
    const queries = [
      many(
        'f.year',
        Array.from({ length: 150 }, (_, i) => String(1850 + i)),
      ),
      many(
        'f.stars',
        Array.from({ length: 150 }, (_, i) => String([0, 0.5, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5][i % 10])),
      ),
      many('f.day', days),
      many(
        'f.at',
        days.map((d) => `${d}T10:00:00Z`),
      ),
      many(
        'f.tag',
        Array.from({ length: 150 }, (_, i) => `tag ${i}`),
      ),
      many(
        'f.done',
        Array.from({ length: 150 }, () => 'true'),
      ),
    ];
    for (const query of queries) {
      const page = await getJson<ItemPage>(`${base}/items?${query}&sort=year`);
      expect(
        page.items.map((i) => i.title),
        query.slice(0, 30),
      ).toEqual(['first']);
      expect((await getJson<{ filters: FilterFacet[] }>(`${base}/filters?${query}`)).filters.length).toBe(6);
      expect((await call(`${base}/items?${query}&q=first`)).status).toBe(200);
    }
  });

  it('combines every filter of every property with a search, in pages and facets', async () => {
    const { c } = await catalogue();
    const base = `/api/v1/collections/${c.id}`;
    const query = [
      many(
        'f.year',
        Array.from({ length: 60 }, (_, i) => String(1960 + i)),
      ),
      'min.year=1000&max.year=3000&min.stars=0&max.stars=5&min.day=2000-01-01&max.day=2030-01-01',
      'min.at=2000-01-01T00:00:00Z&max.at=2030-01-01T00:00:00Z',
      many('f.stars', ['4.5', '1']),
      many('f.day', days.slice(0, 40)),
      many('f.tag', ['tag 7', 'other']),
      'f.done=true&q=fir',
    ].join('&');
    for (const sort of ['year', 'tag', 'created']) {
      expect((await getJson<ItemPage>(`${base}/items?${query}&sort=${sort}`)).items.map((i) => i.title)).toEqual(['first']);
    }
    expect((await call(`${base}/filters?${query}`)).status).toBe(200);
    expect((await call(`${base}/items?${query.replace('q=fir', '')}`)).status).toBe(200);
  });

  it('still refuses values that are not numbers or dates', async () => {
    const { c } = await catalogue();
    const res = await call(
      `/api/v1/collections/${c.id}/items?${many('f.year', [...Array.from({ length: 120 }, (_, i) => String(i)), 'twelve'])}`,
    );
    expect(res.status).toBe(400);
    expect((await envelope(res)).error.details?.fields?.[0]).toMatchObject({ path: 'f.year', reason: 'invalid_number' });
    expect((await call(`/api/v1/collections/${c.id}/items?f.day=${'9'.repeat(400)}`)).status).toBe(400);
    expect((await call(`/api/v1/collections/${c.id}/items?f.year=1e400`)).status).toBe(400);
  });

  it('refuses a page cursor that is not one, or is one of another order', async () => {
    const { owner, c } = await catalogue();
    for (let n = 0; n < 20; n += 1) await addItem(owner.token, c.id, { values: { name: `more ${n}`, year: 2000 + n } });
    const first = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?perPage=20&sort=created`);
    expect(first.next).toBeTruthy();
    const next = await getJson<ItemPage>(
      `/api/v1/collections/${c.id}/items?perPage=20&sort=created&page=2&after=${encodeURIComponent(first.next!)}`,
    );
    expect(next.items.map((i) => i.id)).not.toContain(first.items[0]!.id);
    for (const after of ['not-a-cursor', btoa('["d",1,2]'), btoa('["x","a",1]'), btoa('{}'), '%E0%A4%A', first.next!]) {
      const res = await call(`/api/v1/collections/${c.id}/items?perPage=20&sort=year&after=${after}`);
      expect(res.status, after).toBe(400);
      expect((await envelope(res)).error.details?.fields?.[0], after).toMatchObject({ path: 'after', reason: 'invalid' });
    }
  });
});

describe('/media addresses', () => {
  it('answer 404 in the envelope for broken percent-encoding', async () => {
    for (const path of ['/media/%', '/media/%E0%A4%A', '/media/collections/1/%ZZ.png', '/media/avatars/%C0%AF', '/media/%ED%A0%80']) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect((await envelope(res)).error.code).toBe('NOT_FOUND');
    }
  });

  it('answer other methods than GET and HEAD with 405, Allow and the envelope', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      const res = await call('/media/avatars/whatever.png', { method, lang: 'fr_FR' });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(await res.json()).toEqual({
        error: { code: 'METHOD_NOT_ALLOWED', message: "Cette adresse n'accepte pas cette méthode.", details: null },
      });
    }
    expect((await call('/media/avatars/whatever.png', { method: 'HEAD' })).status).toBe(404);
  });
});

describe('wrong methods elsewhere', () => {
  it('answer 405 with the methods an API address accepts', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Shelf' });
    const cases: [string, string, string][] = [
      ['PUT', '/api/v1/collections', 'GET, HEAD, POST'],
      ['POST', `/api/v1/collections/${c.id}`, 'GET, HEAD, PATCH, DELETE'],
      ['POST', '/api/v1/openapi.json', 'GET, HEAD'],
      ['GET', '/api/v1/token', 'POST, DELETE'],
      ['DELETE', `/api/v1/collections/${c.id}/items/`, 'GET, HEAD, POST'],
      // "order" is also a property id to the GET, PATCH and DELETE routes (which then refuse it as invalid).
      ['POST', `/api/v1/collections/${c.id}/properties/order`, 'GET, HEAD, PUT, PATCH, DELETE'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await call(path, { method, token: owner.token });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')?.split(', ').sort(), `${method} ${path}`).toEqual(allow.split(', ').sort());
      expect((await envelope(res)).error.code).toBe('METHOD_NOT_ALLOWED');
    }
    expect((await call('/api/v1/nothing-here', { method: 'POST' })).status).toBe(404);
  });

  it('answer 405 on the web app pages, which are only read', async () => {
    for (const path of ['/', '/collections', '/collection/1', '/assets/app.js']) {
      const res = await call(path, { method: 'POST', body: 'x' });
      expect(res.status, path).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect((await envelope(res)).error.code).toBe('METHOD_NOT_ALLOWED');
    }
  });
});

describe('writes racing a deletion', () => {
  // A trigger deletes the parent row right before the write, as a concurrent request would between
  // the handler's checks and its batch.
  const triggers: string[] = [];
  async function deleteBefore(name: string, table: string, statement: string) {
    triggers.push(name);
    await env.DB.exec(`CREATE TRIGGER ${name} BEFORE INSERT ON ${table} BEGIN ${statement}; END`);
  }
  afterEach(async () => {
    for (const name of triggers.splice(0)) await env.DB.exec(`DROP TRIGGER IF EXISTS ${name}`);
  });

  it('answers 409 DELETED_MEANWHILE when the collection goes while an item is created', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Doomed' });
    await addProperty(owner.token, c.id, { label: 'Name', type: 'text', isTitle: true });
    await deleteBefore('race_item', 'items', 'DELETE FROM collections WHERE id = NEW.collection_id');
    const res = await call(`/api/v1/collections/${c.id}/items`, {
      method: 'POST',
      token: owner.token,
      json: { values: { name: 'x' } },
      lang: 'fr_FR',
    });
    expect(res.status).toBe(409);
    const body = await envelope(res);
    expect(body.error.code).toBe('DELETED_MEANWHILE');
    expect(body.error.message).toContain('supprimé entre-temps');
  });

  it('answers 409 when a property goes while a value is written for it', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Shelf' });
    await addProperty(owner.token, c.id, { label: 'Name', type: 'text', isTitle: true });
    const item = await addItem(owner.token, c.id, { values: { name: 'kept' } });
    await deleteBefore('race_value', 'item_values', 'DELETE FROM properties WHERE id = NEW.property_id');
    const created = await call(`/api/v1/collections/${c.id}/items`, {
      method: 'POST',
      token: owner.token,
      json: { values: { name: 'x' } },
    });
    expect(created.status).toBe(409);
    expect((await envelope(created)).error.code).toBe('DELETED_MEANWHILE');
    const edited = await call(`/api/v1/collections/${c.id}/items/${item.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { values: { name: 'y' } },
    });
    expect(edited.status).toBe(409);
  });

  it('answers 404 when the property goes while it is edited', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Shelf' });
    const prop = await addProperty(owner.token, c.id, { label: 'Year', type: 'number' });
    triggers.push('race_property_edit');
    await env.DB.exec(
      'CREATE TRIGGER race_property_edit BEFORE UPDATE OF label ON properties BEGIN DELETE FROM properties WHERE id = OLD.id; END',
    );
    const res = await call(`/api/v1/collections/${c.id}/properties/${prop.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { label: 'Released' },
    });
    expect(res.status).toBe(404);
    expect((await envelope(res)).error.code).toBe('NOT_FOUND');
  });

  it('answers 409 when the collection goes while a property is added', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Doomed' });
    await deleteBefore('race_property', 'properties', 'DELETE FROM collections WHERE id = NEW.collection_id');
    const res = await call(`/api/v1/collections/${c.id}/properties`, {
      method: 'POST',
      token: owner.token,
      json: { label: 'Year', type: 'number' },
    });
    expect(res.status).toBe(409);
    expect((await envelope(res)).error.code).toBe('DELETED_MEANWHILE');
  });
});

describe('url and video values with credentials', () => {
  it('are refused with their own reason, in both languages', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Links' });
    await addProperty(owner.token, c.id, { label: 'Site', type: 'url' });
    await addProperty(owner.token, c.id, { label: 'Clip', type: 'video' });
    for (const lang of ['en_US', 'fr_FR']) {
      const res = await call(`/api/v1/collections/${c.id}/items`, {
        method: 'POST',
        token: owner.token,
        lang,
        json: { values: { site: 'https://user:secret@example.org/', clip: 'https://me@www.youtube.com/watch?v=dQw4w9WgXcQ' } },
      });
      expect(res.status).toBe(400);
      const fields = (await envelope(res)).error.details?.fields ?? [];
      expect(fields.map((f) => [f.path, f.reason])).toEqual([
        ['values.site', 'url_credentials'],
        ['values.clip', 'url_credentials'],
      ]);
      expect(fields[0]!.message).toBe(
        lang === 'fr_FR'
          ? "Une adresse ne peut pas contenir de nom d'utilisateur ni de mot de passe."
          : 'An address cannot contain a user name or password.',
      );
    }
    const fine = await addItem(owner.token, c.id, {
      values: { site: 'https://example.org/@someone', clip: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    });
    expect(fine.values.site).toBe('https://example.org/@someone');
  });
});
