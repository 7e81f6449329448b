// Configuration → Modules through the API, against the fake sources on 127.0.0.1: every source with its
// state, a key saved encrypted that overrides the environment's and is never given back, a source
// turned off for the whole instance, a test that says what a source answered or why not, and the wrong
// callers refused.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { SourceModule, SourceModuleTest, SourceOffer } from '@shared/schemas/sources';
import { hitsOf, jsonAnswer, setAnswers } from '../../support/fake-sources';
import { call, createUser, errorCode, signIn } from '../../support/worker-app';
import { createCollection, getJson } from '../../support/worker-catalogue';

const FAKE = env.FAKE_SOURCES_URL;
const admin = () => signIn('admin', env.ADMIN_PASSWORD!);
const modulesOf = async (token: string) => (await getJson<{ sources: SourceModule[] }>('/api/v1/config/modules', token)).sources;
const change = (token: string, id: string, json: unknown) => call(`/api/v1/config/modules/${id}`, { method: 'PUT', token, json });
const tmdbSearch = (q: string, key: string) =>
  `/meta/tmdb/3/search/movie?query=${encodeURIComponent(q)}&include_adult=false&language=en-US&api_key=${key}`;

describe('Configuration → Modules', () => {
  it('lists every source with its state and where its key comes from', async () => {
    const token = await admin();
    const sources = await modulesOf(token);
    expect(sources.map((s) => s.id)).toEqual(['openlibrary', 'googlebooks', 'bnf', 'bgg', 'tmdb', 'musicbrainz']);
    expect(sources.find((s) => s.id === 'openlibrary')).toEqual({
      id: 'openlibrary',
      name: 'Open Library',
      types: ['books', 'comics'],
      key: 'none',
      barcodes: true,
      enabled: true,
      keyFrom: null,
      keyEnding: null,
      ready: true,
    });
    // The tests' environment gives TMDB a key and BoardGameGeek a token.
    expect(sources.find((s) => s.id === 'tmdb')).toMatchObject({
      types: ['movies'],
      key: 'required',
      keyFrom: 'environment',
      keyEnding: null,
      ready: true,
    });
    expect(sources.find((s) => s.id === 'googlebooks')).toMatchObject({ key: 'optional', keyFrom: null, ready: true });
  });

  it('saves a key encrypted, uses it over the environment, never gives it back, and forgets it on request', async () => {
    const token = await admin();
    const key = `saved-tmdb-key-${crypto.randomUUID().slice(0, 8)}`;
    const saved = await change(token, 'tmdb', { key });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ id: 'tmdb', keyFrom: 'settings', keyEnding: key.slice(-4), ready: true });
    const row = await env.DB.prepare("SELECT value FROM settings WHERE key = 'sources'").first<{ value: string }>();
    expect(row!.value).not.toContain(key);
    expect(JSON.stringify(await modulesOf(token))).not.toContain(key);

    // A movie search now carries the saved key.
    const { token: owner } = await createUser();
    const movies = await createCollection(owner, { type: 'movies', name: 'Movies' });
    const q = `casablanca ${crypto.randomUUID().slice(0, 8)}`;
    await setAnswers(FAKE, tmdbSearch(q, key), [jsonAnswer({ results: [] })]);
    expect((await call(`/api/v1/collections/${movies.id}/sources/search?q=${encodeURIComponent(q)}`, { token: owner })).status).toBe(200);
    expect((await hitsOf(FAKE, tmdbSearch(q, key))).hits).toBe(1);

    // Forgotten, the environment's key is used again.
    expect(await (await change(token, 'tmdb', { key: null })).json()).toMatchObject({ keyFrom: 'environment', keyEnding: null });
    // Turning a source off or on keeps its key.
    await change(token, 'tmdb', { key });
    expect(await (await change(token, 'tmdb', { enabled: true })).json()).toMatchObject({ keyFrom: 'settings', enabled: true });
    await change(token, 'tmdb', { key: null });
  });

  it('turns a source off for every collection, and on again', async () => {
    const token = await admin();
    const { token: owner } = await createUser();
    const books = await createCollection(owner, { type: 'books', name: 'Books' });
    expect(await (await change(token, 'openlibrary', { enabled: false })).json()).toMatchObject({ enabled: false, ready: false });
    const offered = await getJson<{ sources: SourceOffer[] }>(`/api/v1/collections/${books.id}/sources`, owner);
    expect(offered.sources.map((s) => s.id)).toEqual(['googlebooks', 'bnf']);
    // Asking for it by name is refused: it is not offered.
    expect((await call(`/api/v1/collections/${books.id}/sources/search?q=dune&source=openlibrary`, { token: owner })).status).toBe(400);
    await change(token, 'openlibrary', { enabled: true });
    const again = await getJson<{ sources: SourceOffer[] }>(`/api/v1/collections/${books.id}/sources`, owner);
    expect(again.sources.map((s) => s.id)).toEqual(['openlibrary', 'googlebooks', 'bnf']);
  });

  it('tests a source: what it answered, or why it gave nothing', async () => {
    const token = await admin();
    await setAnswers(FAKE, '/meta/openlibrary/api/books?bibkeys=ISBN:9780441172719&format=json&jscmd=data', [
      jsonAnswer({ 'ISBN:9780441172719': { key: '/books/OL26M', title: 'Dune' } }),
    ]);
    const tested = await call('/api/v1/config/modules/openlibrary/test', { method: 'POST', token });
    expect(tested.status).toBe(200);
    expect(await tested.json()).toEqual({ ok: true, hits: 1, title: 'Dune', problem: null, status: null });
    // The test is not answered from the cache: asked again, the source is asked again.
    await call('/api/v1/config/modules/openlibrary/test', { method: 'POST', token });
    expect((await hitsOf(FAKE, '/meta/openlibrary/api/books?bibkeys=ISBN:9780441172719&format=json&jscmd=data')).hits).toBe(2);

    const key = `refused-key-${crypto.randomUUID().slice(0, 8)}`;
    await change(token, 'tmdb', { key });
    await setAnswers(FAKE, tmdbSearch('Casablanca', key), [{ status: 401 }]);
    expect((await (await call('/api/v1/config/modules/tmdb/test', { method: 'POST', token })).json()) as SourceModuleTest).toEqual({
      ok: false,
      hits: 0,
      title: null,
      problem: 'refused',
      status: 401,
    });
    await change(token, 'tmdb', { key: null });

    const noToken = await call('/api/v1/config/modules/bgg/test', { method: 'POST', token, env: { BGG_TOKEN: '' } });
    expect(await noToken.json()).toMatchObject({ ok: false, problem: 'needs_key' });
  });

  it("is the built-in administrator's alone; demo mode reads it and changes nothing", async () => {
    const token = await admin();
    const { token: someone } = await createUser();
    const endpoints = [
      ['GET', '/api/v1/config/modules', undefined],
      ['PUT', '/api/v1/config/modules/tmdb', { enabled: false }],
      ['POST', '/api/v1/config/modules/tmdb/test', undefined],
    ] as const;
    for (const [method, path, json] of endpoints) {
      expect((await call(path, { method, json })).status).toBe(401);
      expect((await call(path, { method, json, token: someone })).status).toBe(403);
    }
    for (const body of [{ key: '' }, { key: 'x'.repeat(501) }, { enabled: 'yes' }, { colour: 'red' }]) {
      expect((await change(token, 'tmdb', body)).status).toBe(400);
    }
    expect((await change(token, 'nowhere', { enabled: false })).status).toBe(400);
    expect((await call('/api/v1/config/modules', { token, env: { DEMO_MODE: 'true' } })).status).toBe(200);
    expect(
      await errorCode(
        await call('/api/v1/config/modules/tmdb', { method: 'PUT', token, json: { enabled: false }, env: { DEMO_MODE: 'true' } }),
      ),
    ).toBe('DEMO_MODE');
    expect((await modulesOf(token)).find((s) => s.id === 'tmdb')!.enabled).toBe(true);
  });
});
