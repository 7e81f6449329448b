// Lists of ISBNs or barcodes through the API and their Workflow, against the fake sources on 127.0.0.1:
// each code looked up in the type's sources in order, the first hit added with its cover, codes the
// collection holds passed over, unknown ones and failing sources reported, a long list handed over to
// new Workflow instances, a list stopped, and the wrong callers and bad lists refused.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { SourceQueueReport, SourceQueueRun } from '@shared/schemas/sources';
import { isbn13To10 } from '@shared/sources/codes';
import { base64, freshIsbn, hitsOf, jsonAnswer, setAnswers } from '../../support/fake-sources';
import { ADMIN, call, createUser, errorCode, PNG_BYTES, signIn } from '../../support/worker-app';
import { addItem, createCollection, getJson } from '../../support/worker-catalogue';
import { itemsOf } from '../../support/worker-imports';
import { finishedRun } from '../finished-run';

const FAKE = env.FAKE_SOURCES_URL;
const olIsbn = (isbn: string) => `/meta/openlibrary/api/books?bibkeys=ISBN:${isbn}&format=json&jscmd=data`;
const googleIsbn = (isbn: string) => `/meta/googlebooks/books/v1/volumes?q=isbn:${isbn}&maxResults=10`;

const hyphenated = (isbn: string) => `${isbn.slice(0, 3)}-${isbn.slice(3, 4)}-${isbn.slice(4, 9)}-${isbn.slice(9, 12)}-${isbn.slice(12)}`;

async function startQueue(token: string, collectionId: number, body: unknown, options: { env?: Record<string, string> } = {}) {
  return call(`/api/v1/collections/${collectionId}/sources/queues`, { method: 'POST', token, json: body, ...options });
}

/** Waits for a list's Workflow to end, reading the list as its page does. */
const finishedQueue = (token: string, collectionId: number, id: number) =>
  finishedRun<SourceQueueReport>(`/api/v1/collections/${collectionId}/sources/queues/${id}`, token);

async function runQueue(token: string, collectionId: number, body: unknown): Promise<SourceQueueReport> {
  const res = await startQueue(token, collectionId, body);
  expect(res.status, await res.clone().text()).toBe(202);
  return finishedQueue(token, collectionId, ((await res.json()) as SourceQueueRun).id);
}

describe('lists of ISBNs and barcodes', () => {
  it('adds what the sources know with its cover, passes over what the collection holds, and says what nobody knows', async () => {
    const { token } = await createUser();
    const books = await createCollection(token, { type: 'books', name: 'Books' });
    const [held, known, onlyGoogle, unknown] = [freshIsbn(), freshIsbn(), freshIsbn(), freshIsbn()];
    // The collection holds one, written as its ISBN-10.
    const holder = await addItem(token, books.id, { values: { title: 'Already here', isbn: isbn13To10(held)! } });
    const tag = crypto.randomUUID().slice(0, 8);
    await setAnswers(FAKE, `/covers/${tag}/cover.png`, [{ body: base64(PNG_BYTES), headers: { 'content-type': 'image/png' } }]);
    await setAnswers(FAKE, olIsbn(known), [
      jsonAnswer({
        [`ISBN:${known}`]: {
          key: `/books/OL${tag}M`,
          title: 'The Left Hand of Darkness',
          authors: [{ name: 'Ursula K. Le Guin' }],
          publish_date: '1969',
          identifiers: { isbn_13: [known] },
          cover: { large: `${FAKE}/covers/${tag}/cover.png` },
        },
      }),
    ]);
    await setAnswers(FAKE, googleIsbn(onlyGoogle), [
      jsonAnswer({
        totalItems: 1,
        items: [{ id: `g${tag}`, volumeInfo: { title: 'Solaris', authors: ['Stanisław Lem'], publishedDate: '1961' } }],
      }),
    ]);
    await setAnswers(FAKE, olIsbn(unknown), [{ status: 404 }]);
    const report = await runQueue(token, books.id, { codes: [held, hyphenated(known), ` ${onlyGoogle} `, unknown, known] });
    expect(report).toMatchObject({ status: 'done', total: 4, processed: 4, added: 2, owned: 1, missing: 1, failed: 0, source: null });
    expect(report.finishedAt).not.toBeNull();
    const items = new Map((await itemsOf(token, books.id)).map((item) => [item.values.title, item]));
    const leftHand = items.get('The Left Hand of Darkness')!;
    const solaris = items.get('Solaris')!;
    expect(report.codes).toEqual([
      { code: held, outcome: 'owned', itemId: holder.id, title: null, source: null, problem: null },
      { code: known, outcome: 'added', itemId: leftHand.id, title: 'The Left Hand of Darkness', source: 'openlibrary', problem: null },
      { code: onlyGoogle, outcome: 'added', itemId: solaris.id, title: 'Solaris', source: 'googlebooks', problem: null },
      { code: unknown, outcome: 'missing', itemId: null, title: null, source: null, problem: null },
    ]);
    expect(leftHand.values).toMatchObject({ authors: ['Ursula K. Le Guin'], isbn: known, year: 1969 });
    expect(leftHand.values.cover).toMatch(new RegExp(`^media://collections/${books.id}/[0-9a-f]{64}\\.png$`));
    expect(solaris.values).toMatchObject({ authors: ['Stanisław Lem'], isbn: onlyGoogle });
    // Open Library knew the first: Google Books was not asked for it.
    expect((await hitsOf(FAKE, googleIsbn(known))).hits).toBe(0);

    // The same list again holds nothing new: every known code is held now, answers come from the cache.
    const again = await runQueue(token, books.id, { codes: [held, known, onlyGoogle, unknown] });
    expect(again).toMatchObject({ status: 'done', added: 0, owned: 3, missing: 1 });
    expect(again.codes.map((c) => c.itemId)).toEqual([holder.id, leftHand.id, solaris.id, null]);
    expect((await hitsOf(FAKE, olIsbn(unknown))).hits).toBe(1);
    expect((await itemsOf(token, books.id)).length).toBe(3);

    // The collection's lists, newest first; an item deleted since is no longer named.
    const listed = await getJson<{ queues: SourceQueueRun[] }>(`/api/v1/collections/${books.id}/sources/queues`, token);
    expect(listed.queues.map((q) => q.id)).toEqual([again.id, report.id]);
    expect((await call(`/api/v1/collections/${books.id}/items/${solaris.id}`, { method: 'DELETE', token })).status).toBe(204);
    const after = await getJson<SourceQueueReport>(`/api/v1/collections/${books.id}/sources/queues/${report.id}`, token);
    expect(after.codes[2]).toMatchObject({ outcome: 'added', itemId: null, title: 'Solaris' });
  });

  it('asks one source when told, and reports a source that fails', async () => {
    const { token } = await createUser();
    const books = await createCollection(token, { type: 'books', name: 'Books' });
    const [busy, fine] = [freshIsbn(), freshIsbn()];
    await setAnswers(FAKE, olIsbn(busy), [{ status: 503 }]);
    await setAnswers(FAKE, olIsbn(fine), [jsonAnswer({ [`ISBN:${fine}`]: { key: `/books/OL${fine}M`, title: 'Dune' } })]);
    const report = await runQueue(token, books.id, { codes: [busy, fine], source: 'openlibrary' });
    expect(report).toMatchObject({ status: 'done', source: 'openlibrary', added: 1, failed: 1 });
    // The report names the source that failed, for the screen's sentence ("Open Library is busy").
    expect(report.codes[0]).toMatchObject({ code: busy, outcome: 'failed', problem: 'busy', source: 'openlibrary' });
    expect((await hitsOf(FAKE, googleIsbn(busy))).hits).toBe(0);
  });

  it("follows the administrator's settings at once: a source turned off is not asked", async () => {
    const { token } = await createUser();
    const admin = await signIn(ADMIN.login, ADMIN.password);
    const books = await createCollection(token, { type: 'books', name: 'Books' });
    const isbn = freshIsbn();
    const tag = crypto.randomUUID().slice(0, 8);
    await setAnswers(FAKE, olIsbn(isbn), [jsonAnswer({ [`ISBN:${isbn}`]: { key: `/books/OL${tag}M`, title: 'Dune' } })]);
    await setAnswers(FAKE, googleIsbn(isbn), [jsonAnswer({ totalItems: 1, items: [{ id: `g${tag}`, volumeInfo: { title: 'Solaris' } }] })]);
    const turn = (enabled: boolean) => call('/api/v1/config/modules/openlibrary', { method: 'PUT', token: admin, json: { enabled } });
    expect((await turn(false)).status).toBe(200);
    try {
      // A step reads the saved settings with the list, in its first batch: the change counts from the next step.
      const report = await runQueue(token, books.id, { codes: [isbn] });
      expect(report).toMatchObject({ status: 'done', added: 1 });
      expect(report.codes[0]).toMatchObject({ outcome: 'added', source: 'googlebooks', title: 'Solaris' });
      expect((await hitsOf(FAKE, olIsbn(isbn))).hits).toBe(0);
    } finally {
      expect((await turn(true)).status).toBe(200);
    }
  });

  it('goes on in new Workflow instances through a long list', async () => {
    const { token } = await createUser();
    const books = await createCollection(token, { type: 'books', name: 'Books' });
    // Tests let an instance take twelve steps: sixty codes, three a step, go on in a second instance.
    const codes = Array.from({ length: 60 }, freshIsbn);
    const report = await runQueue(token, books.id, { codes });
    expect(report).toMatchObject({ status: 'done', total: 60, processed: 60, missing: 60 });
    expect(report.codes.every((c) => c.outcome === 'missing')).toBe(true);
  });

  it('stops a list when asked: the codes still waiting are left', async () => {
    const { token } = await createUser();
    const books = await createCollection(token, { type: 'books', name: 'Books' });
    const codes = Array.from({ length: 40 }, freshIsbn);
    for (const code of codes.slice(0, 8)) await setAnswers(FAKE, olIsbn(code), [{ status: 404, delayMs: 300 }]);
    const res = await startQueue(token, books.id, { codes });
    const run = (await res.json()) as SourceQueueRun;
    const stopped = await call(`/api/v1/collections/${books.id}/sources/queues/${run.id}/cancel`, { method: 'POST', token });
    expect(stopped.status).toBe(200);
    expect(((await stopped.json()) as SourceQueueRun).status).toBe('cancelled');
    const report = await finishedQueue(token, books.id, run.id);
    expect(report.status).toBe('cancelled');
    expect(report.processed).toBeLessThan(40);
    expect(report.codes.filter((c) => c.outcome === null).length).toBe(40 - report.processed);
  });

  it('refuses a list with a code that is not one, or too long, or a source that cannot read codes', async () => {
    const { token } = await createUser();
    const books = await createCollection(token, { type: 'books', name: 'Books' });
    const good = freshIsbn();
    const bad = `${good.slice(0, 12)}${(Number(good[12]) + 1) % 10}`;
    const refused = await startQueue(token, books.id, { codes: [good, bad] });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', details: { fields: [{ path: 'codes.1', reason: 'invalid_code' }] } },
    });
    for (const body of [
      { codes: [] },
      { codes: Array.from({ length: 501 }, () => good) },
      { codes: [good], source: 'tmdb' },
      { codes: [good], extra: 1 },
      { codes: 'x' },
    ]) {
      expect((await startQueue(token, books.id, body)).status).toBe(400);
    }
    // Board games read codes only through BoardGameGeek, which needs its token.
    const games = await createCollection(token, { type: 'board_games', name: 'Games' });
    expect(await errorCode(await startQueue(token, games.id, { codes: [good] }, { env: { BGG_TOKEN: '' } }))).toBe('SOURCE_NOT_READY');
    // Movies come from TMDB, which reads no barcodes.
    const movies = await createCollection(token, { type: 'movies', name: 'Movies' });
    expect(await errorCode(await startQueue(token, movies.id, { codes: [good] }))).toBe('SOURCE_NOT_READY');
    expect((await getJson<{ queues: unknown[] }>(`/api/v1/collections/${books.id}/sources/queues`, token)).queues).toEqual([]);
  });

  it("is the collection owner's alone, and demo mode starts none", async () => {
    const { token } = await createUser();
    const { token: other } = await createUser();
    const books = await createCollection(token, { type: 'books', name: 'Books', visibility: 0 });
    const run = await runQueue(token, books.id, { codes: [freshIsbn()] });
    const endpoints = [
      ['POST', `/api/v1/collections/${books.id}/sources/queues`, { codes: [freshIsbn()] }],
      ['GET', `/api/v1/collections/${books.id}/sources/queues`, undefined],
      ['GET', `/api/v1/collections/${books.id}/sources/queues/${run.id}`, undefined],
      ['POST', `/api/v1/collections/${books.id}/sources/queues/${run.id}/cancel`, undefined],
    ] as const;
    for (const [method, path, json] of endpoints) {
      expect((await call(path, { method, json })).status).toBe(401);
      expect([403, 404]).toContain((await call(path, { method, json, token: other })).status);
    }
    // Another collection's list is not found through this one.
    const mine = await createCollection(token, { type: 'books', name: 'More books' });
    expect((await call(`/api/v1/collections/${mine.id}/sources/queues/${run.id}`, { token })).status).toBe(404);
    expect(await errorCode(await call(endpoints[0][1], { method: 'POST', json: endpoints[0][2], token, env: { DEMO_MODE: 'true' } }))).toBe(
      'DEMO_MODE',
    );
    expect((await call(endpoints[2][1], { token, env: { DEMO_MODE: 'true' } })).status).toBe(200);
  });
});
