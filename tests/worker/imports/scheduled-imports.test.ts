// Scheduled imports against fake BoardGameGeek, Goodreads and file servers on 127.0.0.1: set up
// from a fetched document, re-run by the cron (deduplicated by reference), BoardGameGeek's queue waited
// for, failures counted with backoff and emailed at the third, and every endpoint's wrong callers.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BGG_FIELDS } from '@shared/import/bgg';
import { GOODREADS_RSS_FIELDS } from '@shared/import/goodreads-rss';
import type { ScheduledImport, ScheduledImportSetup } from '@shared/schemas/scheduled-imports';
import type { ImportPlanInput, ImportRun } from '@shared/schemas/imports';
import { runScheduledJobs } from '@worker/jobs/run-jobs';
import { base64, hitsOf, setAnswers } from '../../support/fake-sources';
import { goodreadsRss } from '../../support/goodreads-rss-sample';
import { call, capturedEmails, createUser, errorCode } from '../../support/worker-app';
import { createCollection, getJson } from '../../support/worker-catalogue';
import { finishedImport, itemsOf, NAME_COLUMN_PLAN, planFor, runImport, startImport } from '../../support/worker-imports';

const FAKE = env.FAKE_SOURCES_URL;
const HOURLY = '47 * * * *';

function bggXml(games: { id: number; name: string; rating?: number }[]): string {
  const items = games
    .map(
      (g) =>
        `<item objecttype="thing" objectid="${g.id}" subtype="boardgame" collid="${g.id}"><name sortindex="1">${g.name}</name><stats minplayers="2" maxplayers="4"><rating value="${g.rating ?? 'N/A'}"/></stats><status own="1"/></item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8" standalone="yes"?><items totalitems="${games.length}" termsofuse="https://boardgamegeek.com/xmlapi/termsofuse">\n${items}\n</items>`;
}

const bggPath = (user: string) => `/bgg/xmlapi2/collection?username=${encodeURIComponent(user)}&stats=1`;

/** BoardGameGeek's way with a collection: it first queues it (202), then gives it. */
function answerAfterQueue(user: string, games: Parameters<typeof bggXml>[0]) {
  return setAnswers(FAKE, bggPath(user), [
    { status: 202, body: base64('<message>Your request has been accepted</message>') },
    { body: base64(bggXml(games)) },
  ]);
}

async function fetchDocument(token: string, collectionId: number, spec: Record<string, unknown>, lang?: string) {
  return call(`/api/v1/collections/${collectionId}/scheduled-imports/fetch`, { method: 'POST', token, json: spec, lang });
}

/** Uploads a fetched document with its plan, keeping the source: the first run. */
const setUp = (token: string, collectionId: number, document: Uint8Array, plan: ImportPlanInput, source: ScheduledImportSetup) =>
  runImport(token, collectionId, document, 'source', plan, { source });

async function sourcesOf(token: string, collectionId: number): Promise<ScheduledImport[]> {
  return (await getJson<{ sources: ScheduledImport[] }>(`/api/v1/collections/${collectionId}/scheduled-imports`, token)).sources;
}

/** Makes a source due now, as time passing would. */
async function makeDue(sourceId: number) {
  await env.DB.prepare(`UPDATE import_sources SET next_run_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 minute') WHERE id = ?`)
    .bind(sourceId)
    .run();
}

/** The cron's hourly run, then the newest run of the source, finished. */
async function cronRun(token: string, collectionId: number, sourceId: number) {
  const reports = await runScheduledJobs(env, HOURLY);
  expect(reports.find((r) => r.job === 'scheduled-imports')).toMatchObject({ status: 'done' });
  const [source] = (await sourcesOf(token, collectionId)).filter((s) => s.id === sourceId);
  return finishedImport(token, collectionId, source!.lastRun!.id);
}

describe('a BoardGameGeek user as a scheduled source', () => {
  it('is set up from its fetched collection, then re-run by the cron, updating without duplicates', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Games', type: 'board_games' });
    const user = `ada ${crypto.randomUUID().slice(0, 6)}`;
    // BoardGameGeek first queues the collection (202), then gives it.
    await answerAfterQueue(user, [
      { id: 13, name: 'Catan', rating: 7 },
      { id: 822, name: 'Carcassonne' },
    ]);
    const queued = await fetchDocument(owner.token, c.id, { kind: 'bgg', address: user });
    expect(queued.status).toBe(409);
    expect(await errorCode(queued)).toBe('SOURCE_NOT_READY');
    const fetched = await fetchDocument(owner.token, c.id, { kind: 'bgg', address: user });
    expect(fetched.status).toBe(200);
    expect((await hitsOf(FAKE, bggPath(user))).authorization).toBe('Bearer bgg-test-token');
    const document = new Uint8Array(await fetched.arrayBuffer());
    const plan = { ...planFor('bgg', BGG_FIELDS), covers: false };
    const first = await setUp(owner.token, c.id, document, plan, { source: { kind: 'bgg', address: user }, schedule: 'daily' });
    expect(first).toMatchObject({ status: 'done', counts: { added: 2 } });
    const [source] = await sourcesOf(owner.token, c.id);
    expect(source).toMatchObject({
      kind: 'bgg',
      address: user,
      shelf: null,
      schedule: 'daily',
      failures: 0,
      lastRun: { id: first.id, sourceId: expect.any(Number) },
    });
    expect(Date.parse(source!.nextRunAt) - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(first.sourceId).toBe(source!.id);

    // Not due: the cron starts nothing.
    const idle = await runScheduledJobs(env, HOURLY);
    expect(idle.find((r) => r.job === 'scheduled-imports')?.counts).toMatchObject({ started: 0 });

    // A day later: a new game, a new rating; BoardGameGeek queues once more, and the run waits for it.
    await answerAfterQueue(user, [
      { id: 13, name: 'Catan', rating: 9 },
      { id: 822, name: 'Carcassonne' },
      { id: 30549, name: 'Pandemic' },
    ]);
    await makeDue(source!.id);
    const second = await cronRun(owner.token, c.id, source!.id);
    expect(second).toMatchObject({ status: 'done', sourceId: source!.id, counts: { added: 1, updated: 1, unchanged: 1 } });
    expect((await hitsOf(FAKE, bggPath(user))).hits).toBe(2);
    const games = await itemsOf(owner.token, c.id);
    expect(games.map((g) => [g.values.title, g.values.rating])).toEqual([
      ['Carcassonne', undefined],
      ['Catan', 4.5],
      ['Pandemic', undefined],
    ]);
    const [after] = await sourcesOf(owner.token, c.id);
    expect(after!.failures).toBe(0);
    expect(Date.parse(after!.nextRunAt) - Date.now()).toBeGreaterThan(22 * 3600_000);
  });
});

describe('a Goodreads shelf as a scheduled source', () => {
  it('imports the feed with its covers, under the references of the Goodreads export', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
    const id = String(100000 + Math.floor(Math.random() * 800000));
    const cover = `/gr-covers/${id}/dune.jpg`;
    await setAnswers(FAKE, cover, [
      { body: base64(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 2, 3])) },
    ]);
    await setAnswers(FAKE, `/goodreads/review/list_rss/${id}?shelf=to-read`, [{ body: base64(goodreadsRss({ dune: `${FAKE}${cover}` })) }]);
    const fetched = await fetchDocument(owner.token, c.id, { kind: 'goodreads', address: id, shelf: 'to-read' });
    expect(fetched.status).toBe(200);
    const plan = planFor('goodreads_rss', GOODREADS_RSS_FIELDS);
    const run = await setUp(owner.token, c.id, new Uint8Array(await fetched.arrayBuffer()), plan, {
      source: { kind: 'goodreads', address: id, shelf: 'to-read' },
      schedule: 'weekly',
    });
    expect(run).toMatchObject({ status: 'done', format: 'goodreads_rss', counts: { added: 2 }, covers: { fetched: 1, failed: 0 } });
    const [dune] = await itemsOf(owner.token, c.id);
    expect(dune!.values).toMatchObject({ title: 'Dune (Dune, #1)', authors: ['Frank Herbert'], pages: 658, year: 1965, rating: 5 });
    expect(dune!.values.cover).toMatch(/^media:\/\/collections\/\d+\/[0-9a-f]{64}\.jpg$/);
    const [source] = await sourcesOf(owner.token, c.id);
    expect(source).toMatchObject({ kind: 'goodreads', shelf: 'to-read', schedule: 'weekly' });
    expect(Date.parse(source!.nextRunAt) - Date.now()).toBeGreaterThan(6 * 24 * 3600_000);
  });
});

describe('a file at an address as a scheduled source', () => {
  async function csvSource(owner: { token: string }, path: string) {
    const c = await createCollection(owner.token, { name: 'Sheet' });
    await setAnswers(FAKE, path, [{ body: base64('name,year\nDune,1965\n'), headers: { 'content-type': 'text/csv' } }]);
    const fetched = await fetchDocument(owner.token, c.id, { kind: 'url', address: `${FAKE}${path}` });
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-disposition')).toContain('sheet.csv');
    const plan: ImportPlanInput = {
      format: 'csv',
      keyField: 'c0',
      fields: [
        { field: 'c0', property: 'name', create: { label: 'Name', type: 'text', multiple: false, title: true } },
        { field: 'c1', property: 'year', create: { label: 'Year', type: 'number', multiple: false } },
      ],
    };
    await setUp(owner.token, c.id, new Uint8Array(await fetched.arrayBuffer()), plan, {
      source: { kind: 'url', address: `${FAKE}${path}` },
      schedule: 'daily',
    });
    const [source] = await sourcesOf(owner.token, c.id);
    return { c, source: source! };
  }

  it('counts failures in a row, tries again sooner, and emails the owner at the third', async () => {
    const owner = await createUser();
    const path = `/sheets/${crypto.randomUUID().slice(0, 8)}/sheet.csv`;
    const { c, source } = await csvSource(owner, path);
    await setAnswers(FAKE, path, [{ status: 500, body: base64('down') }]);
    for (let failure = 1; failure <= 3; failure += 1) {
      await makeDue(source.id);
      const run = await cronRun(owner.token, c.id, source.id);
      expect(run).toMatchObject({ status: 'failed', error: 'source_unreachable', errorDetails: { reason: 'fetch_status', status: 500 } });
      const [after] = await sourcesOf(owner.token, c.id);
      expect(after!.failures).toBe(failure);
      const wait = Date.parse(after!.nextRunAt) - Date.parse(run.createdAt);
      // An hour after the first failure, four after the second, the schedule again after the third.
      expect(wait).toBe(failure === 1 ? 3600_000 : failure === 2 ? 4 * 3600_000 : wait);
      if (failure === 3) expect(wait).toBeGreaterThan(23 * 3600_000);
      const emails = (await capturedEmails(owner.user.email!)).filter((m) => m.subject.includes('Sheet'));
      expect(emails).toHaveLength(failure === 3 ? 1 : 0);
    }
    const [email] = (await capturedEmails(owner.user.email!)).filter((m) => m.subject.includes('Sheet'));
    expect(email!.text).toContain('failed three times in a row');
    expect(email!.text).toContain(`https://vitrine.test/collection/${c.id}/manage/import`);

    // Working again: the failures are forgotten.
    await setAnswers(FAKE, path, [{ body: base64('name,year\nDune,1965\nEmma,1815\n') }]);
    const run = await call(`/api/v1/collections/${c.id}/scheduled-imports/${source.id}/run`, { method: 'POST', token: owner.token });
    expect(run.status).toBe(202);
    const report = await finishedImport(owner.token, c.id, ((await run.json()) as ImportRun).id);
    expect(report.counts).toMatchObject({ added: 1, unchanged: 1 });
    expect((await sourcesOf(owner.token, c.id))[0]!.failures).toBe(0);
  });

  it('stops a run whose source lost a field the plan reads, writing nothing', async () => {
    const owner = await createUser();
    const path = `/sheets/${crypto.randomUUID().slice(0, 8)}/sheet.csv`;
    const { c, source } = await csvSource(owner, path);
    await setAnswers(FAKE, path, [{ body: base64('name\nEmma\n') }]);
    const run = await call(`/api/v1/collections/${c.id}/scheduled-imports/${source.id}/run`, { method: 'POST', token: owner.token });
    const report = await finishedImport(owner.token, c.id, ((await run.json()) as ImportRun).id);
    expect(report).toMatchObject({ status: 'failed', error: 'fields_changed', errorDetails: { reason: 'c1' } });
    expect((await itemsOf(owner.token, c.id, null)).map((i) => i.values.name)).toEqual(['Dune']);
  });

  it('changes its schedule, and is removed without its runs or items', async () => {
    const owner = await createUser();
    const { c, source } = await csvSource(owner, `/sheets/${crypto.randomUUID().slice(0, 8)}/sheet.csv`);
    const weekly = await call(`/api/v1/collections/${c.id}/scheduled-imports/${source.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { schedule: 'weekly' },
    });
    expect(weekly.status).toBe(200);
    const changed = (await weekly.json()) as ScheduledImport;
    expect(changed.schedule).toBe('weekly');
    expect(Date.parse(changed.nextRunAt) - Date.now()).toBeGreaterThan(6 * 24 * 3600_000);
    expect(
      (
        await call(`/api/v1/collections/${c.id}/scheduled-imports/${source.id}`, {
          method: 'PATCH',
          token: owner.token,
          json: { schedule: 'hourly' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(`/api/v1/collections/${c.id}/scheduled-imports/${source.id}`, { method: 'DELETE', token: owner.token })).status,
    ).toBe(204);
    expect(await sourcesOf(owner.token, c.id)).toEqual([]);
    const runs = await getJson<{ imports: ImportRun[] }>(`/api/v1/collections/${c.id}/imports`, owner.token);
    expect(runs.imports).toHaveLength(1);
    expect(runs.imports[0]!.sourceId).toBeNull();
    expect(await itemsOf(owner.token, c.id, null)).toHaveLength(1);
    expect(
      (await call(`/api/v1/collections/${c.id}/scheduled-imports/${source.id}`, { method: 'DELETE', token: owner.token })).status,
    ).toBe(404);
  });
});

describe('bad input and wrong callers', () => {
  it.each([
    [{ kind: 'url', address: 'ftp://example.org/sheet.csv' }, 'address'],
    [{ kind: 'url', address: 'not an address' }, 'address'],
    [{ kind: 'bgg', address: 'ada<script>' }, 'address'],
    [{ kind: 'goodreads', address: 'ada' }, 'address'],
    [{ kind: 'goodreads', address: '123', shelf: 'a/b' }, 'shelf'],
    [{ kind: 'bgg', address: 'ada', shelf: 'read' }, 'shelf'],
    [{ kind: 'gopher', address: 'x' }, 'kind'],
  ])('refuses the source %j', async (spec, path) => {
    const owner = await createUser();
    const c = await createCollection(owner.token);
    const res = await fetchDocument(owner.token, c.id, spec);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { fields: { path: string }[] } } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.fields.map((f) => f.path)).toContain(path);
  });

  it("never fetches a local or private address, and says why in the caller's language", async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token);
    for (const address of ['http://127.0.0.1:8787/api/v1/users', 'http://169.254.169.254/latest/meta-data/', 'http://localhost/x.csv']) {
      const res = await fetchDocument(owner.token, c.id, { kind: 'url', address }, 'fr-FR');
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: string; details: { fields: { reason: string; message: string }[] } } };
      expect(body.error.code).toBe('SOURCE_UNREACHABLE');
      expect(body.error.details.fields[0]).toMatchObject({
        reason: 'fetch_address',
        message: 'Rien d’utilisable n’a pu être récupéré de cette source.',
      });
    }
    await setAnswers(FAKE, '/sources/missing.csv', [{ status: 404 }]);
    const missing = await fetchDocument(owner.token, c.id, { kind: 'url', address: `${FAKE}/sources/missing.csv` });
    expect(((await missing.json()) as { error: { details: { fields: { reason: string }[] } } }).error.details.fields[0]!.reason).toBe(
      'fetch_status',
    );
  });

  it('refuses a bad source beside an upload, writing nothing', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token);
    const res = await startImport(owner.token, c.id, 'name\nDune\n', 'a.csv', NAME_COLUMN_PLAN, {
      source: { source: { kind: 'url', address: 'file:///etc/passwd' }, schedule: 'daily' },
    });
    expect(res.status).toBe(400);
    expect(await sourcesOf(owner.token, c.id)).toEqual([]);
    expect((await getJson<{ imports: ImportRun[] }>(`/api/v1/collections/${c.id}/imports`, owner.token)).imports).toEqual([]);
  });

  it('refuses a scheduled source at a local address when it is saved, naming the field, writing nothing', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token);
    for (const address of ['http://localhost./x.csv', 'http://[::127.0.0.1]/x.csv', 'http://127.0.0.1:8787/x.csv']) {
      const res = await startImport(owner.token, c.id, 'name\nDune\n', 'a.csv', NAME_COLUMN_PLAN, {
        source: { source: { kind: 'url', address }, schedule: 'weekly' },
      });
      expect(res.status, address).toBe(400);
      expect((await res.json()) as unknown).toMatchObject({
        error: { code: 'VALIDATION_FAILED', details: { fields: [{ path: 'source.address', reason: 'private_address' }] } },
      });
    }
    expect(await sourcesOf(owner.token, c.id)).toEqual([]);
    expect((await getJson<{ imports: ImportRun[] }>(`/api/v1/collections/${c.id}/imports`, owner.token)).imports).toEqual([]);
  });

  it('keeps sources to the owner: anonymous, another user and demo mode are refused', async () => {
    const owner = await createUser();
    const other = await createUser();
    const c = await createCollection(owner.token, { visibility: 0 });
    const base = `/api/v1/collections/${c.id}/scheduled-imports`;
    const spec = { kind: 'bgg', address: 'ada' };
    expect((await call(base)).status).toBe(401);
    expect((await call(`${base}/fetch`, { method: 'POST', json: spec })).status).toBe(401);
    // The collection is public: another user sees it, and is forbidden its sources.
    expect((await call(base, { token: other.token })).status).toBe(403);
    expect((await call(`${base}/fetch`, { method: 'POST', token: other.token, json: spec })).status).toBe(403);
    expect((await call(`${base}/1/run`, { method: 'POST', token: other.token })).status).toBe(403);
    expect((await call(`${base}/1`, { method: 'DELETE', token: other.token })).status).toBe(403);
    expect((await call(`${base}/1`, { method: 'PATCH', token: other.token, json: { schedule: 'daily' } })).status).toBe(403);
    const hidden = await createCollection(owner.token, { visibility: 4 });
    expect((await call(`/api/v1/collections/${hidden.id}/scheduled-imports`, { token: other.token })).status).toBe(404);
    const demo = await call(`${base}/fetch`, { method: 'POST', token: owner.token, json: spec, env: { DEMO_MODE: 'true' } });
    expect(demo.status).toBe(403);
    expect(await errorCode(demo)).toBe('DEMO_MODE');
    expect((await call(base, { token: owner.token, env: { DEMO_MODE: 'true' } })).status).toBe(200);
  });
});
