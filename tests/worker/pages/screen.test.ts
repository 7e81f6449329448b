// GET /api/v1/screen?path=…: a public screen's answers in one request, as the API answers the caller
// itself — a visitor sees what a visitor may, the owner their own view, a stranger nothing private.
import { describe, expect, it } from 'vitest';
import type { Env } from '@worker/env';
import { call, createUser } from '../../support/worker-app';
import { shelfWithSecret } from '../../support/worker-catalogue';
import { screenHints } from '@vitrine/web-render';

/** The renderer needs the app's shell only for pages; screens never read it. */
const assets = { fetch: async () => new Response('not used', { status: 500 }) } as unknown as Env['ASSETS'];

async function screen(path: string, token?: string, env: Partial<Env> = {}) {
  return call(`/api/v1/screen?path=${encodeURIComponent(path)}`, { token, env: { ASSETS: assets, ...env } });
}

async function screenData(path: string, token?: string, env: Partial<Env> = {}) {
  const res = await screen(path, token, env);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

const shelf = shelfWithSecret;

describe('GET /screen', () => {
  it('answers everything a visitor’s collection screen asks for, its address’s sort included', async () => {
    const { collection } = await shelf();
    const res = await screen(`/collection/${collection.id}?sort=title&dir=desc`);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const { data } = (await res.json()) as { data: Record<string, unknown> };
    const keys = Object.keys(data);
    expect(keys).toEqual(expect.arrayContaining([`/collections/${collection.id}`, '/settings', '/']));
    expect(keys.some((key) => key.startsWith(`/collections/${collection.id}/items?`) && key.includes('sort=title'))).toBe(true);
    expect(JSON.stringify(data)).toContain('Dune');
    expect(JSON.stringify(data)).not.toContain('Secret diary');
    expect(keys).not.toContain('/media-ticket');
  });

  it('answers the item and borrow screens', async () => {
    const { collection, shown } = await shelf();
    const item = await screenData(`/collection/${collection.id}/item/${shown.id}`);
    expect(Object.keys(item)).toContain(`/collections/${collection.id}/items/${shown.id}`);
    const borrow = await screenData(`/collection/${collection.id}/item/${shown.id}/borrow`);
    expect(Object.keys(borrow)).toContain(`/collections/${collection.id}/items/${shown.id}`);
  });

  it('answers the owner with their own view and their media ticket', async () => {
    const { owner, collection, hidden } = await shelf();
    const data = await screenData(`/collection/${collection.id}/item/${hidden.id}`, owner.token);
    expect(JSON.stringify(data[`/collections/${collection.id}/items/${hidden.id}`])).toContain('Secret diary');
    expect(data['/media-ticket']).toMatchObject({ ticket: expect.any(String) });
  });

  it('gives a stranger or a visitor nothing of a private collection or item', async () => {
    const open = await shelf();
    const closed = await shelf(3);
    const stranger = await createUser();
    for (const token of [undefined, stranger.token]) {
      const hiddenItem = await screenData(`/collection/${open.collection.id}/item/${open.hidden.id}`, token);
      expect(JSON.stringify(hiddenItem)).not.toContain('Secret diary');
      for (const path of [`/collection/${closed.collection.id}`, `/collection/${closed.collection.id}/item/${closed.shown.id}`, '/']) {
        const data = await screenData(path, token);
        expect(JSON.stringify(data), path).not.toContain(closed.collection.name);
        expect(Object.keys(data), path).not.toContain(`/collections/${closed.collection.id}`);
      }
    }
  });

  it('refuses an address that is not one of this site’s paths', async () => {
    const long = `/collection/1?q=${'a'.repeat(2100)}`;
    for (const path of [
      '',
      'collection/1',
      '//elsewhere.example/collection/1',
      'https://elsewhere.example/',
      '/collection/1 x',
      '/\\elsewhere',
      long,
    ]) {
      const res = await screen(path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
    expect((await call('/api/v1/screen', { env: { ASSETS: assets } })).status).toBe(400);
  });

  it('answers only the screens the Worker renders', async () => {
    for (const path of ['/profile', '/config/users', '/collection/1/edit', '/nowhere']) {
      const res = await screen(path);
      expect(res.status, path).toBe(404);
    }
  });

  it('answers in demo mode, where everything is read', async () => {
    const { collection } = await shelf();
    const data = await screenData(`/collection/${collection.id}`, undefined, { DEMO_MODE: 'true' });
    expect(Object.keys(data)).toContain(`/collections/${collection.id}`);
  });
});

describe('measured pages and screens (the benchmark)', () => {
  const shell = {
    fetch: async () =>
      new Response('<!doctype html><html><body><div id="root"></div></body></html>', { headers: { 'Content-Type': 'text/html' } }),
  } as unknown as Env['ASSETS'];
  const measured = (token?: string) => ({ token, headers: { 'x-measure-d1': '1' }, env: { ASSETS: shell, EXPOSE_D1_METRICS: 'true' } });
  const figures = (res: Response) => ({
    queries: Number(res.headers.get('X-D1-Queries')),
    roundTrips: Number(res.headers.get('X-D1-Round-Trips')),
    rowsRead: Number(res.headers.get('X-D1-Rows-Read')),
  });
  const screens = (cid: number, iid: number) => [
    '/',
    `/collection/${cid}`,
    `/collection/${cid}/item/${iid}`,
    `/collection/${cid}/item/${iid}/borrow`,
  ];

  it('make at most 5 trips to D1, first load and screen, visitor and owner (the budget of a page)', async () => {
    const { owner, collection, shown } = await shelf();
    for (const path of screens(collection.id, shown.id)) {
      const page = await call(path, measured());
      expect(page.status, path).toBe(200);
      expect(figures(page).roundTrips, `page ${path}`).toBeLessThanOrEqual(5);
      for (const token of [undefined, owner.token]) {
        const res = await call(`/api/v1/screen?path=${encodeURIComponent(path)}`, measured(token));
        expect(res.status, path).toBe(200);
        const { queries, roundTrips, rowsRead } = figures(res);
        expect(roundTrips, `screen ${path} ${token ? 'owner' : 'visitor'}`).toBeLessThanOrEqual(5);
        expect(roundTrips).toBeGreaterThan(0);
        expect(queries).toBeGreaterThanOrEqual(roundTrips);
        expect(rowsRead).toBeGreaterThan(0);
      }
    }
  });

  it('answer each path exactly as the API answers it alone, visitor and owner', async () => {
    const { owner, collection, shown } = await shelf();
    for (const token of [undefined, owner.token]) {
      for (const path of screens(collection.id, shown.id)) {
        const data = await screenData(path, token);
        for (const [key, answer] of Object.entries(data)) {
          if (key === '/media-ticket') continue;
          const alone = await call(`/api/v1${key}`, { token });
          expect(answer, `${path}: ${key}`).toEqual(await alone.json());
        }
      }
    }
  });
});

describe('the paths each screen is known to need (web/src/ssr/screen-hints.ts)', () => {
  it('are all used by the screen, so none is fetched for nothing', async () => {
    const { collection, shown } = await shelf();
    for (const path of [
      '/',
      `/collection/${collection.id}`,
      `/collection/${collection.id}/item/${shown.id}`,
      `/collection/${collection.id}/item/${shown.id}/borrow`,
    ]) {
      const used = Object.keys(await screenData(path));
      expect(used, path).toEqual(expect.arrayContaining(screenHints(path)));
    }
  });
});
