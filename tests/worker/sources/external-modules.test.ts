// External metadata modules through the API, against modules served by the fake on 127.0.0.1 (allowed
// over http by the tests' FETCH_ALLOW_HOSTS): registering one by its manifest, searching it from a
// collection and looking a code up in it, "upgrade all" with a changed manifest and a broken one,
// hostile answers (huge, garbage, the wrong shape) read as `malformed`, plain http refused outside the
// allow-list, and every new endpoint against the wrong callers, demo mode and invalid bodies.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ExternalModule, ExternalUpgradeResult, SourceModuleTest, SourceOffer, SourceSearchResult } from '@shared/schemas/sources';
import { base64, freshIsbn, hitsOf, jsonAnswer, setAnswers } from '../../support/fake-sources';
import { call, createUser, errorCode, signIn } from '../../support/worker-app';
import { createCollection, getJson } from '../../support/worker-catalogue';
import { finishedRun } from '../finished-run';

const FAKE = env.FAKE_SOURCES_URL;
const admin = () => signIn('admin', env.ADMIN_PASSWORD!);

const manifest = (extra: Record<string, unknown> = {}) => ({
  protocol: 1,
  name: 'Shelf Finder',
  version: '1.0.0',
  types: ['books'],
  barcodes: true,
  ...extra,
});

/** A module's base path on the fake, fresh for each test (the instance's modules are shared by the file's tests). */
async function servedModule(answer: unknown = manifest()) {
  const path = `/ext/${crypto.randomUUID().slice(0, 8)}`;
  await setAnswers(FAKE, `${path}/manifest`, [jsonAnswer(answer)]);
  return { path, address: `${FAKE}${path}` };
}

const register = (token: string, address: string, options: { env?: Record<string, string> } = {}) =>
  call('/api/v1/config/modules/external', { method: 'POST', token, json: { address }, ...options });

async function registered(token: string, answer?: unknown) {
  const served = await servedModule(answer);
  const res = await register(token, served.address);
  expect(res.status).toBe(201);
  return { ...served, module: (await res.json()) as ExternalModule };
}

const reasonOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; details: { fields: { reason: string }[] } } }).error;

describe('external metadata modules', () => {
  it('registers a module by its manifest, lists it after the built-in sources, and refuses it twice', async () => {
    const token = await admin();
    const { address, module } = await registered(token, {
      ...manifest({ description: 'A test shelf', types: ['books', 'comics', 'pottery'] }),
      extra: { ignored: true },
    });
    expect(module).toMatchObject({
      id: `ext-${module.number}`,
      address,
      name: 'Shelf Finder',
      version: '1.0.0',
      description: 'A test shelf',
      types: ['books', 'comics'],
      barcodes: true,
      enabled: true,
      problem: null,
    });
    const listed = await getJson<{ sources: unknown[]; external: ExternalModule[] }>('/api/v1/config/modules', token);
    expect(listed.sources).toHaveLength(6);
    expect(listed.external.find((m) => m.id === module.id)).toEqual(module);
    // Once: the same address (a trailing slash aside) is a conflict.
    expect(await errorCode(await register(token, `${address}/`))).toBe('MODULE_ALREADY_REGISTERED');
    expect((await register(token, address)).status).toBe(409);
  });

  it('is searched by collections of its types after the built-in sources, and looks codes up', async () => {
    const token = await admin();
    const { path, module } = await registered(token);
    const movieOnly = await registered(token, manifest({ name: 'Film Finder', types: ['movies'], barcodes: false }));
    const { token: owner } = await createUser();
    const books = await createCollection(owner, { type: 'books', name: 'Books' });
    const offered = await getJson<{ sources: SourceOffer[] }>(`/api/v1/collections/${books.id}/sources`, owner);
    const ids = offered.sources.map((s) => s.id);
    expect(ids.slice(0, 3)).toEqual(['openlibrary', 'googlebooks', 'bnf']);
    expect(offered.sources.find((s) => s.id === module.id)).toEqual({ id: module.id, name: 'Shelf Finder', ready: true, barcodes: true });
    expect(ids).not.toContain(movieOnly.module.id);

    const q = `dune ${crypto.randomUUID().slice(0, 8)}`;
    await setAnswers(FAKE, `${path}/search?q=${encodeURIComponent(q)}&lang=fr`, [
      jsonAnswer({
        hits: [
          {
            id: 'dune-1',
            title: ' Dune ',
            fields: { authors: ['Frank Herbert', 'Frank Herbert'], year: ['1965'], isbn: ['9780441172719'], colour: ['blue'] },
            score: 12,
          },
        ],
      }),
    ]);
    const res = await call(`/api/v1/collections/${books.id}/sources/search?q=${encodeURIComponent(q)}`, { token: owner, lang: 'fr' });
    expect(res.status).toBe(200);
    const result = (await res.json()) as SourceSearchResult;
    const hit = result.hits.find((h) => h.source === module.id);
    expect(hit).toEqual({
      source: module.id,
      id: 'dune-1',
      title: 'Dune',
      fields: { authors: ['Frank Herbert'], year: ['1965'], isbn: ['9780441172719'] },
      ownedItemId: null,
    });
    expect(result.problems.filter((p) => p.source === module.id)).toEqual([]);
    // Kept a day, like any source's answers.
    await call(`/api/v1/collections/${books.id}/sources/search?q=${encodeURIComponent(q)}`, { token: owner, lang: 'fr' });
    expect((await hitsOf(FAKE, `${path}/search?q=${encodeURIComponent(q)}&lang=fr`)).hits).toBe(1);

    const isbn = freshIsbn();
    await setAnswers(FAKE, `${path}/code/${isbn}?lang=en`, [
      jsonAnswer({ hits: [{ id: `code-${isbn}`, title: 'Found by code', fields: { isbn: [isbn] } }] }),
    ]);
    const byCode = (await (
      await call(`/api/v1/collections/${books.id}/sources/search?q=${isbn}&source=${module.id}`, { token: owner })
    ).json()) as SourceSearchResult;
    expect(byCode).toEqual({
      kind: 'code',
      hits: [{ source: module.id, id: `code-${isbn}`, title: 'Found by code', fields: { isbn: [isbn] }, ownedItemId: null }],
      problems: [],
    });

    // Turned off, it is no longer offered nor searched by name.
    expect(
      await (await call(`/api/v1/config/modules/external/${module.number}`, { method: 'PUT', token, json: { enabled: false } })).json(),
    ).toMatchObject({ enabled: false });
    const after = await getJson<{ sources: SourceOffer[] }>(`/api/v1/collections/${books.id}/sources`, owner);
    expect(after.sources.map((s) => s.id)).not.toContain(module.id);
    expect((await call(`/api/v1/collections/${books.id}/sources/search?q=dune&source=${module.id}`, { token: owner })).status).toBe(400);
  });

  it('adds a list of ISBNs through a module that serves any collection', async () => {
    const token = await admin();
    const { path, module } = await registered(token, manifest({ types: ['any'] }));
    const { token: owner } = await createUser();
    const games = await createCollection(owner, { type: 'board_games', name: 'Games' });
    const isbn = freshIsbn();
    await setAnswers(FAKE, `${path}/code/${isbn}?lang=en`, [
      jsonAnswer({ hits: [{ id: `g-${isbn}`, title: 'A boxed game', fields: { title: ['A boxed game'] } }] }),
    ]);
    const started = await call(`/api/v1/collections/${games.id}/sources/queues`, {
      method: 'POST',
      token: owner,
      json: { codes: [isbn], source: module.id },
    });
    expect(started.status).toBe(202);
    const queue = (await started.json()) as { id: number; source: string };
    expect(queue.source).toBe(module.id);
    const report = await finishedRun<{ status: string; codes: { outcome: string | null; source: string | null; title: string | null }[] }>(
      `/api/v1/collections/${games.id}/sources/queues/${queue.id}`,
      owner,
    );
    expect(report.codes).toEqual([expect.objectContaining({ outcome: 'added', source: module.id, title: 'A boxed game' })]);
  });

  it('upgrades all: a changed manifest is saved and reported, a broken module keeps its last good one', async () => {
    const token = await admin();
    const changing = await registered(token);
    const breaking = await registered(token, manifest({ name: 'Soon Broken' }));
    const steady = await registered(token, manifest({ name: 'Steady' }));
    await setAnswers(FAKE, `${changing.path}/manifest`, [
      jsonAnswer(manifest({ name: 'Shelf Finder Plus', version: '2.0.0', types: ['books', 'movies'], barcodes: false })),
    ]);
    await setAnswers(FAKE, `${breaking.path}/manifest`, [{ body: base64('<html>moved</html>') }]);
    const res = await call('/api/v1/config/modules/upgrade', { method: 'POST', token });
    expect(res.status).toBe(200);
    const result = (await res.json()) as ExternalUpgradeResult;
    expect(result.upgrades.find((u) => u.id === changing.module.id)).toEqual({
      id: changing.module.id,
      name: 'Shelf Finder Plus',
      changes: {
        name: { from: 'Shelf Finder', to: 'Shelf Finder Plus' },
        version: { from: '1.0.0', to: '2.0.0' },
        types: { from: ['books'], to: ['books', 'movies'] },
        barcodes: { from: true, to: false },
      },
      problem: null,
      status: null,
    });
    expect(result.upgrades.find((u) => u.id === breaking.module.id)).toEqual({
      id: breaking.module.id,
      name: 'Soon Broken',
      changes: {},
      problem: 'malformed',
      status: null,
    });
    expect(result.upgrades.find((u) => u.id === steady.module.id)).toMatchObject({ changes: {}, problem: null });
    const listed = (await getJson<{ external: ExternalModule[] }>('/api/v1/config/modules', token)).external;
    expect(listed.find((m) => m.id === changing.module.id)).toMatchObject({
      name: 'Shelf Finder Plus',
      version: '2.0.0',
      types: ['books', 'movies'],
      barcodes: false,
      problem: null,
    });
    expect(listed.find((m) => m.id === breaking.module.id)).toMatchObject({ name: 'Soon Broken', version: '1.0.0', problem: 'malformed' });
    // Mended, the next upgrade clears its problem.
    await setAnswers(FAKE, `${breaking.path}/manifest`, [jsonAnswer(manifest({ name: 'Soon Broken' }))]);
    const again = (await (await call('/api/v1/config/modules/upgrade', { method: 'POST', token })).json()) as ExternalUpgradeResult;
    expect(again.modules.find((m) => m.id === breaking.module.id)).toMatchObject({ problem: null });
  });

  it('reads hostile answers as malformed, never as a 5xx', async () => {
    const token = await admin();
    const { path, module } = await registered(token, manifest({ types: ['any'] }));
    const { token: owner } = await createUser();
    const custom = await createCollection(owner);
    const hostile = [
      { stream: { bytes: 64 * 1024, count: 16, intervalMs: 0 } },
      { body: base64('x'.repeat(600 * 1024)), headers: { 'content-type': 'application/json' } },
      { body: base64('{"hits": [ {"id": "1", "title": '), headers: { 'content-type': 'application/json' } },
      jsonAnswer({ hits: 'many' }),
      jsonAnswer({ hits: Array.from({ length: 11 }, (_, i) => ({ id: String(i), title: `T${i}` })) }),
      jsonAnswer({ hits: [{ id: '1', title: 'x'.repeat(501) }] }),
      jsonAnswer({ hits: [{ id: '1', title: 'A', fields: { authors: Array.from({ length: 21 }, () => 'A') } }] }),
      jsonAnswer({ hits: [{ id: '1', title: 'A', fields: { summary: ['s'.repeat(4001)] } }] }),
      jsonAnswer([1, 2, 3]),
    ];
    for (const [i, answer] of hostile.entries()) {
      const q = `hostile ${i} ${crypto.randomUUID().slice(0, 6)}`;
      await setAnswers(FAKE, `${path}/search?q=${encodeURIComponent(q)}&lang=en`, [answer]);
      const res = await call(`/api/v1/collections/${custom.id}/sources/search?q=${encodeURIComponent(q)}&source=${module.id}`, {
        token: owner,
      });
      expect(res.status, `answer ${i}`).toBe(200);
      expect(await res.json(), `answer ${i}`).toEqual({
        kind: 'text',
        hits: [],
        problems: [{ source: module.id, problem: 'malformed', status: null }],
      });
    }
    // A manifest that is huge, garbage or of another shape cannot be registered; the reason says so.
    for (const answer of [
      { stream: { bytes: 64 * 1024, count: 4, intervalMs: 0 } },
      { body: base64('not json at all') },
      jsonAnswer({ ...manifest(), protocol: 2 }),
      jsonAnswer(manifest({ name: 'n'.repeat(61) })),
      jsonAnswer(manifest({ version: 'v'.repeat(41) })),
      jsonAnswer(manifest({ types: ['pottery'] })),
      jsonAnswer(manifest({ barcodes: 'yes' })),
    ]) {
      const path2 = `/ext/${crypto.randomUUID().slice(0, 8)}`;
      await setAnswers(FAKE, `${path2}/manifest`, [answer]);
      const res = await register(token, `${FAKE}${path2}`);
      expect(res.status).toBe(400);
      const error = await reasonOf(res);
      expect(error.code).toBe('SOURCE_UNREACHABLE');
      expect(error.details.fields[0]!.reason).toBe('malformed');
    }
  });

  it('refuses addresses that are not https, private, unreachable or not a module', async () => {
    const token = await admin();
    const served = await servedModule();
    // The tests reach the fake over http because it is allow-listed; without the list, http is refused.
    const plain = await register(token, served.address, { env: { FETCH_ALLOW_HOSTS: '' } });
    expect((await reasonOf(plain)).details.fields[0]!.reason).toBe('not_https');
    expect(
      (await reasonOf(await register(token, 'http://example.com/vitrine', { env: { FETCH_ALLOW_HOSTS: '' } }))).details.fields[0]!.reason,
    ).toBe('not_https');
    for (const address of [
      'https://127.0.0.1/mod',
      'https://10.0.0.4/mod',
      'https://localhost/mod',
      'ftp://example.com/mod',
      `${served.address}?x=1`,
      'not an address',
    ]) {
      const res = await register(token, address);
      expect(res.status, address).toBe(400);
      expect((await reasonOf(res)).details.fields[0]!.reason, address).toBe('address');
    }
    // Nothing at the address: not a module.
    expect((await reasonOf(await register(token, `${FAKE}/ext/nothing-here`))).details.fields[0]!.reason).toBe('malformed');
    // A module already registered and then no longer allow-listed is not fetched over http either.
    const { path, module } = await registered(token, manifest({ types: ['any'] }));
    const { token: owner } = await createUser();
    const custom = await createCollection(owner);
    await setAnswers(FAKE, `${path}/search?q=plain&lang=en`, [jsonAnswer({ hits: [{ id: '1', title: 'Plain' }] })]);
    const res = await call(`/api/v1/collections/${custom.id}/sources/search?q=plain&source=${module.id}`, {
      token: owner,
      env: { FETCH_ALLOW_HOSTS: '' },
    });
    expect(((await res.json()) as SourceSearchResult).problems).toEqual([{ source: module.id, problem: 'unreachable', status: null }]);
    expect((await hitsOf(FAKE, `${path}/search?q=plain&lang=en`)).hits).toBe(0);
  });

  it('tests a module: its manifest, then its sample words', async () => {
    const token = await admin();
    const { path, module } = await registered(token, manifest({ sample: 'Dune' }));
    await setAnswers(FAKE, `${path}/search?q=Dune&lang=en`, [
      jsonAnswer({
        hits: [
          { id: '1', title: 'Dune' },
          { id: '2', title: 'Dune Messiah' },
        ],
      }),
    ]);
    const tested = await call(`/api/v1/config/modules/${module.id}/test`, { method: 'POST', token });
    expect(tested.status).toBe(200);
    expect((await tested.json()) as SourceModuleTest).toEqual({ ok: true, hits: 2, title: 'Dune', problem: null, status: null });
    await setAnswers(FAKE, `${path}/manifest`, [{ status: 503 }]);
    expect(await (await call(`/api/v1/config/modules/${module.id}/test`, { method: 'POST', token })).json()).toEqual({
      ok: false,
      hits: 0,
      title: null,
      problem: 'busy',
      status: 503,
    });
    expect((await call('/api/v1/config/modules/ext-999999/test', { method: 'POST', token })).status).toBe(404);
    expect((await call('/api/v1/config/modules/ext-x/test', { method: 'POST', token })).status).toBe(400);
  });

  it('removes a module: no longer offered, its cached answers gone', async () => {
    const token = await admin();
    const { module } = await registered(token, manifest({ types: ['any'] }));
    await env.DB.prepare('INSERT INTO source_cache (key, hits, expires_at) VALUES (?1, ?2, ?3)')
      .bind(`${module.id}|text|en_US|x`, '[]', '2999-01-01')
      .run();
    expect((await call(`/api/v1/config/modules/external/${module.number}`, { method: 'DELETE', token })).status).toBe(204);
    expect((await call(`/api/v1/config/modules/external/${module.number}`, { method: 'DELETE', token })).status).toBe(404);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM source_cache WHERE key LIKE ?1').bind(`${module.id}|%`).first('n')).toBe(0);
    const { token: owner } = await createUser();
    const custom = await createCollection(owner);
    const offered = await getJson<{ sources: SourceOffer[] }>(`/api/v1/collections/${custom.id}/sources`, owner);
    expect(offered.sources.map((s) => s.id)).not.toContain(module.id);
    expect((await call(`/api/v1/config/modules/external/${module.number}`, { method: 'PUT', token, json: { enabled: true } })).status).toBe(
      404,
    );
  });

  it("is the built-in administrator's alone; demo mode changes nothing; invalid bodies are refused", async () => {
    const token = await admin();
    const { module } = await registered(token);
    const { token: someone } = await createUser();
    const served = await servedModule();
    const endpoints = [
      ['POST', '/api/v1/config/modules/external', { address: served.address }],
      ['PUT', `/api/v1/config/modules/external/${module.number}`, { enabled: false }],
      ['DELETE', `/api/v1/config/modules/external/${module.number}`, undefined],
      ['POST', `/api/v1/config/modules/${module.id}/test`, undefined],
      ['POST', '/api/v1/config/modules/upgrade', undefined],
    ] as const;
    for (const [method, path, json] of endpoints) {
      expect((await call(path, { method, json })).status, `${method} ${path}`).toBe(401);
      expect((await call(path, { method, json, token: someone })).status, `${method} ${path}`).toBe(403);
      expect(await errorCode(await call(path, { method, json, token, env: { DEMO_MODE: 'true' } })), `${method} ${path}`).toBe('DEMO_MODE');
    }
    // Nothing changed meanwhile.
    const listed = (await getJson<{ external: ExternalModule[] }>('/api/v1/config/modules', token)).external;
    expect(listed.find((m) => m.id === module.id)).toMatchObject({ enabled: true });
    expect(listed.map((m) => m.address)).not.toContain(served.address);
    for (const body of [{}, { address: '' }, { address: 42 }, { address: 'x'.repeat(501) }, { address: served.address, name: 'x' }]) {
      expect(
        await errorCode(await call('/api/v1/config/modules/external', { method: 'POST', token, json: body })),
        JSON.stringify(body),
      ).toBe('VALIDATION_FAILED');
    }
    for (const body of [{}, { enabled: 'yes' }, { enabled: true, name: 'x' }]) {
      expect((await call(`/api/v1/config/modules/external/${module.number}`, { method: 'PUT', token, json: body })).status).toBe(400);
    }
    expect((await call('/api/v1/config/modules/external/abc', { method: 'PUT', token, json: { enabled: true } })).status).toBe(400);
    expect((await call('/api/v1/config/modules/external/0', { method: 'DELETE', token })).status).toBe(400);
    // The built-in sources' settings do not take an external id.
    expect((await call(`/api/v1/config/modules/${module.id}`, { method: 'PUT', token, json: { enabled: false } })).status).toBe(400);
  });
});
