import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Property } from '@shared/schemas/properties';
import { call, createUser, errorCode } from '../../support/worker-app';
import { addItem, addProperty, createCollection, getJson } from '../../support/worker-catalogue';

const list = async (id: number, token?: string) =>
  (await getJson<{ properties: Property[] }>(`/api/v1/collections/${id}/properties`, token)).properties;

describe('properties', () => {
  it('derive a safe unique ID from the label and refuse a taken one', async () => {
    const { token } = await createUser();
    const c = await createCollection(token);
    expect((await addProperty(token, c.id, { label: 'Année de sortie', type: 'number' })).key).toBe('annee_de_sortie');
    expect((await addProperty(token, c.id, { label: 'Année de sortie', type: 'number' })).key).toBe('annee_de_sortie_2');
    expect((await addProperty(token, c.id, { label: '2nd edition', type: 'yesno' })).key).toBe('p_2nd_edition');
    const taken = await call(`/api/v1/collections/${c.id}/properties`, {
      method: 'POST',
      token,
      json: { key: 'annee_de_sortie', label: 'X', type: 'text' },
    });
    expect(taken.status).toBe(409);
    expect(await errorCode(taken)).toBe('PROPERTY_KEY_TAKEN');
    const invalid = await call(`/api/v1/collections/${c.id}/properties`, {
      method: 'POST',
      token,
      json: { key: 'Bad Key', label: '', type: 'blob' },
    });
    expect(invalid.status).toBe(400);
  });

  it('give each role (title, subtitle, cover, reference) to one property at most', async () => {
    const { token } = await createUser();
    const c = await createCollection(token, { type: 'books', name: 'Books' });
    const other = await addProperty(token, c.id, { label: 'Other title', type: 'text', isTitle: true });
    const props = await list(c.id, token);
    expect(props.filter((p) => p.isTitle).map((p) => p.id)).toEqual([other.id]);
    const original = props.find((p) => p.key === 'title')!;
    await call(`/api/v1/collections/${c.id}/properties/${original.id}`, {
      method: 'PATCH',
      token,
      json: { isTitle: true, label: 'Main title' },
    });
    const after = await list(c.id, token);
    expect(after.filter((p) => p.isTitle).map((p) => p.label)).toEqual(['Main title']);
  });

  it('validate default values against their type', async () => {
    const { token } = await createUser();
    const c = await createCollection(token);
    const bad = await call(`/api/v1/collections/${c.id}/properties`, {
      method: 'POST',
      token,
      json: { label: 'Colour', type: 'color', defaultValue: 'blue' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { details: { fields: [{ path: 'defaultValue', reason: 'invalid_color' }] } } });
    const good = await addProperty(token, c.id, { label: 'Tags', type: 'text', multiple: true, defaultValue: ['a', 'b'] });
    expect(good.defaultValue).toEqual(['a', 'b']);
  });

  it('read one at a time as the list shows them: by the caller’s level, and every one to the owner', async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const c = await createCollection(owner.token, { visibility: 0 });
    const open = await addProperty(owner.token, c.id, { label: 'Title', type: 'text' });
    const members = await addProperty(owner.token, c.id, { label: 'Shelf', type: 'text', visibility: 1 });
    const mine = await addProperty(owner.token, c.id, { label: 'Price', type: 'number', visibility: 3 });
    const path = (p: Property) => `/api/v1/collections/${c.id}/properties/${p.id}`;
    expect(await getJson<Property>(path(mine), owner.token)).toEqual(mine);
    expect(await getJson<Property>(path(open))).toEqual(open);
    expect((await call(path(members))).status).toBe(404);
    expect((await getJson<Property>(path(members), stranger.token)).key).toBe('shelf');
    expect((await call(path(mine), { token: stranger.token })).status).toBe(404);
    // Another collection's property is not found through this one.
    const other = await createCollection(owner.token, { visibility: 0 });
    expect((await call(`/api/v1/collections/${other.id}/properties/${open.id}`, { token: owner.token })).status).toBe(404);
  });

  it('reorder, and refuse an order that is not every property exactly once', async () => {
    const { token } = await createUser();
    const c = await createCollection(token);
    const a = await addProperty(token, c.id, { label: 'A', type: 'text' });
    const b = await addProperty(token, c.id, { label: 'B', type: 'text' });
    const d = await addProperty(token, c.id, { label: 'D', type: 'text' });
    const res = await call(`/api/v1/collections/${c.id}/properties/order`, { method: 'PUT', token, json: { ids: [d.id, a.id, b.id] } });
    expect(res.status).toBe(200);
    expect((await list(c.id, token)).map((p) => p.label)).toEqual(['D', 'A', 'B']);
    const partial = await call(`/api/v1/collections/${c.id}/properties/order`, { method: 'PUT', token, json: { ids: [d.id, a.id] } });
    expect(partial.status).toBe(400);
  });

  it('delete with all their values, after saying how many; type changes wait until no values remain', async () => {
    const { token } = await createUser();
    const c = await createCollection(token);
    const year = await addProperty(token, c.id, { label: 'Year', type: 'number', searchable: true });
    await addItem(token, c.id, { values: { year: 1999 } });
    await addItem(token, c.id, { values: { year: 2001 } });
    const change = await call(`/api/v1/collections/${c.id}/properties/${year.id}`, { method: 'PATCH', token, json: { type: 'date' } });
    expect(change.status).toBe(409);
    expect(await errorCode(change)).toBe('PROPERTY_HAS_VALUES');
    expect(await getJson(`/api/v1/collections/${c.id}/properties/${year.id}/deletion`, token)).toEqual({ valueCount: 2 });
    expect((await call(`/api/v1/collections/${c.id}/items?q=1999`)).status).toBe(200);
    expect((await getJson<{ total: number }>(`/api/v1/collections/${c.id}/items?q=1999`)).total).toBe(1);
    expect((await call(`/api/v1/collections/${c.id}/properties/${year.id}`, { method: 'DELETE', token })).status).toBe(204);
    const left = await env.DB.prepare('SELECT count(*) AS n FROM item_values WHERE property_id = ?').bind(year.id).first<{ n: number }>();
    expect(left!.n).toBe(0);
    expect((await getJson<{ total: number }>(`/api/v1/collections/${c.id}/items?q=1999`)).total).toBe(0);
  });

  it('are changed by the owner only, never in demo mode', async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const c = await createCollection(owner.token);
    const p = await addProperty(owner.token, c.id, { label: 'A', type: 'text' });
    for (const [method, path, json] of [
      ['PATCH', `/api/v1/collections/${c.id}/properties/${p.id}`, { label: 'B' }],
      ['DELETE', `/api/v1/collections/${c.id}/properties/${p.id}`, undefined],
      ['PUT', `/api/v1/collections/${c.id}/properties/order`, { ids: [p.id] }],
    ] as const) {
      expect((await call(path, { method, json })).status).toBe(401);
      expect((await call(path, { method, json, token: stranger.token })).status).toBe(403);
      expect((await call(path, { method, json, token: owner.token, env: { DEMO_MODE: 'true' } })).status).toBe(403);
    }
    expect((await call(`/api/v1/collections/${c.id}/properties/${p.id}/deletion`, { token: stranger.token })).status).toBe(403);
  });
});
