// Searching metadata sources from a collection, through the API against fakes on 127.0.0.1 answering in
// the sources' shapes: the sources a type offers, a search across them with one failing, an ISBN marked
// as already owned, answers cached a day, the remembered mapping, a cover fetched into the collection,
// result covers passed through with a media ticket, and every endpoint's wrong callers.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { SourceSearchResult } from '@shared/schemas/sources';
import { base64, hitsOf, jsonAnswer, setAnswers } from '../../support/fake-sources';
import { call, createUser, errorCode, PNG_BYTES } from '../../support/worker-app';
import { addItem, createCollection, getJson } from '../../support/worker-catalogue';

const FAKE = env.FAKE_SOURCES_URL;
const SEARCH_FIELDS = 'key,title,subtitle,author_name,first_publish_year,publisher,isbn,cover_i,number_of_pages_median,language,subject';
const olSearch = (q: string) => `/meta/openlibrary/search.json?q=${encodeURIComponent(q)}&limit=10&fields=${SEARCH_FIELDS}`;
const olIsbn = (isbn: string) => `/meta/openlibrary/api/books?bibkeys=ISBN:${isbn}&format=json&jscmd=data`;
const googleSearch = (q: string) => `/meta/googlebooks/books/v1/volumes?q=${encodeURIComponent(q)}&maxResults=10`;

/** A words search every book source answers: Open Library with a work, Google Books down, the BnF with nothing. */
async function booksAnswer(q: string) {
  await setAnswers(FAKE, olSearch(q), [
    jsonAnswer({
      docs: [
        {
          key: `/works/OL${q.length}W`,
          title: 'The Dispossessed',
          author_name: ['Ursula K. Le Guin'],
          first_publish_year: 1974,
          isbn: ['9780061054884'],
          cover_i: 42,
        },
      ],
    }),
  ]);
  await setAnswers(FAKE, googleSearch(q), [{ status: 503 }]);
  await setAnswers(
    FAKE,
    '/meta/bnf/api/SRU',
    [
      {
        body: base64(
          '<srw:searchRetrieveResponse xmlns:srw="http://www.loc.gov/zing/srw/"><srw:numberOfRecords>0</srw:numberOfRecords></srw:searchRetrieveResponse>',
        ),
      },
    ],
    { prefix: true },
  );
}

async function search(token: string, collectionId: number, q: string, extra = '') {
  return call(`/api/v1/collections/${collectionId}/sources/search?q=${encodeURIComponent(q)}${extra}`, { token });
}

describe('metadata sources of a collection', () => {
  it('offers the sources of its type: books from three catalogues, board games from BoardGameGeek', async () => {
    const { token } = await createUser();
    const books = await createCollection(token, { type: 'books', name: 'Books' });
    const games = await createCollection(token, { type: 'board_games', name: 'Games' });
    const custom = await createCollection(token);
    const offered = await getJson<{ sources: { id: string; ready: boolean; barcodes: boolean }[]; mapping: unknown }>(
      `/api/v1/collections/${books.id}/sources`,
      token,
    );
    expect(offered).toEqual({
      sources: [
        { id: 'openlibrary', name: 'Open Library', ready: true, barcodes: true },
        { id: 'googlebooks', name: 'Google Books', ready: true, barcodes: true },
        { id: 'bnf', name: expect.stringContaining('BnF'), ready: true, barcodes: true },
      ],
      mapping: null,
    });
    const forGames = await getJson<{ sources: { id: string; ready: boolean }[] }>(`/api/v1/collections/${games.id}/sources`, token);
    expect(forGames.sources.map((s) => [s.id, s.ready])).toEqual([['bgg', true]]);
    // Without a token, BoardGameGeek is offered but cannot be asked.
    const noToken = await call(`/api/v1/collections/${games.id}/sources`, { token, env: { BGG_TOKEN: '' } });
    expect(((await noToken.json()) as { sources: { ready: boolean }[] }).sources[0]!.ready).toBe(false);
    const forCustom = await getJson<{ sources: { id: string }[] }>(`/api/v1/collections/${custom.id}/sources`, token);
    expect(forCustom.sources.map((s) => s.id)).toEqual(['openlibrary', 'googlebooks', 'bnf', 'bgg', 'tmdb', 'musicbrainz']);
  });

  it('searches every source at once: a source that fails is named, the others still answer, and answers are kept a day', async () => {
    const { token } = await createUser();
    const books = await createCollection(token, { type: 'books', name: 'Books' });
    const q = `dispossessed ${crypto.randomUUID().slice(0, 8)}`;
    await booksAnswer(q);
    const res = await search(token, books.id, q);
    expect(res.status).toBe(200);
    const result = (await res.json()) as SourceSearchResult;
    expect(result.kind).toBe('text');
    expect(result.hits).toEqual([
      {
        source: 'openlibrary',
        id: `/works/OL${q.length}W`,
        title: 'The Dispossessed',
        fields: expect.objectContaining({ authors: ['Ursula K. Le Guin'], year: ['1974'], isbn: ['9780061054884'] }),
        ownedItemId: null,
      },
    ]);
    expect(result.problems).toEqual([{ source: 'googlebooks', problem: 'busy', status: 503 }]);
    // The same search again is read from the cache; the source that failed is asked again.
    const again = (await (await search(token, books.id, `  ${q} `)).json()) as SourceSearchResult;
    expect(again.hits.map((h) => h.title)).toEqual(['The Dispossessed']);
    expect((await hitsOf(FAKE, olSearch(q))).hits).toBe(1);
    expect((await hitsOf(FAKE, googleSearch(q))).hits).toBe(2);
    expect(again.problems.map((p) => p.source)).toEqual(['googlebooks']);
    // One source only.
    const one = (await (await search(token, books.id, q, '&source=googlebooks')).json()) as SourceSearchResult;
    expect(one).toEqual({ kind: 'text', hits: [], problems: [{ source: 'googlebooks', problem: 'busy', status: 503 }] });
  });

  it('looks up an ISBN typed with hyphens, and names the item that already holds it (as an ISBN-10 too)', async () => {
    const { token } = await createUser();
    const books = await createCollection(token, { type: 'books', name: 'Books' });
    const owned = await addItem(token, books.id, { values: { title: 'Le Petit Prince', isbn: '2070612759' } });
    await setAnswers(FAKE, olIsbn('9782070612758'), [
      jsonAnswer({ 'ISBN:9782070612758': { key: '/books/OL1M', title: 'Le Petit Prince', identifiers: { isbn_13: ['9782070612758'] } } }),
    ]);
    await setAnswers(FAKE, `/meta/googlebooks/books/v1/volumes?q=isbn:9782070612758&maxResults=10`, [jsonAnswer({ totalItems: 0 })]);
    await setAnswers(
      FAKE,
      '/meta/bnf/api/SRU',
      [{ body: base64('<searchRetrieveResponse><numberOfRecords>0</numberOfRecords></searchRetrieveResponse>') }],
      { prefix: true },
    );
    const result = (await (await search(token, books.id, '978-2-07-061275-8')).json()) as SourceSearchResult;
    expect(result.kind).toBe('code');
    expect(result.hits.filter((h) => h.source === 'openlibrary')).toEqual([
      expect.objectContaining({ title: 'Le Petit Prince', ownedItemId: owned.id }),
    ]);
    // A code with a wrong check digit is searched as words.
    await setAnswers(FAKE, olSearch('978-2-07-061275-9'), [jsonAnswer({ docs: [] })]);
    await setAnswers(FAKE, googleSearch('978-2-07-061275-9'), [jsonAnswer({ totalItems: 0 })]);
    const words = (await (await search(token, books.id, '978-2-07-061275-9')).json()) as SourceSearchResult;
    expect(words.kind).toBe('text');
  });

  it('marks a hit owned by its title when it has no code (board games), case and accents aside', async () => {
    const { token } = await createUser();
    const games = await createCollection(token, { type: 'board_games', name: 'Games' });
    const owned = await addItem(token, games.id, { values: { title: 'Les Aventuriers du Rail' } });
    await addItem(token, games.id, { values: { title: 'Aventuriers' } });
    const q = `aventuriers ${crypto.randomUUID().slice(0, 6)}`;
    await setAnswers(FAKE, `/bgg/xmlapi2/search?query=${encodeURIComponent(q)}&type=boardgame`, [
      {
        body: base64(
          '<items total="1"><item type="boardgame" id="9209"><name type="primary" value="Les aventuriers du rail"/></item></items>',
        ),
      },
    ]);
    await setAnswers(FAKE, '/bgg/xmlapi2/thing?id=9209', [
      {
        body: base64(
          '<items><item type="boardgame" id="9209"><name type="primary" value="Les Aventuriers du Rail"/><yearpublished value="2004"/></item></items>',
        ),
      },
    ]);
    const result = (await (await search(token, games.id, q)).json()) as SourceSearchResult;
    expect(result.hits).toEqual([expect.objectContaining({ source: 'bgg', id: '9209', ownedItemId: owned.id })]);
  });

  it('refuses a bad query, a source the collection does not use, and more searches than a person may make', async () => {
    const { token } = await createUser();
    const books = await createCollection(token, { type: 'books', name: 'Books' });
    expect(await errorCode(await search(token, books.id, '   '))).toBe('VALIDATION_FAILED');
    expect(await errorCode(await search(token, books.id, 'x'.repeat(201)))).toBe('VALIDATION_FAILED');
    expect(await errorCode(await search(token, books.id, 'dune', '&source=tmdb'))).toBe('VALIDATION_FAILED');
    expect(await errorCode(await search(token, books.id, 'dune', '&source=nowhere'))).toBe('VALIDATION_FAILED');
    const { token: busy, user } = await createUser();
    const shelf = await createCollection(busy, { type: 'books', name: 'Books' });
    await env.DB.prepare('INSERT INTO rate_limits (key, count, window_start) VALUES (?1, 120, ?2)')
      .bind(`source-search:${user.id}`, Math.floor(Date.now() / 1000))
      .run();
    const refused = await search(busy, shelf.id, `never asked ${crypto.randomUUID()}`);
    expect(refused.status).toBe(429);
    expect(await errorCode(refused)).toBe('TOO_MANY_REQUESTS');
  });

  it('remembers where the collection puts each field, and refuses a property it does not have', async () => {
    const { token } = await createUser();
    const books = await createCollection(token, { type: 'books', name: 'Books' });
    const path = `/api/v1/collections/${books.id}/sources/mapping`;
    const saved = await call(path, { method: 'PUT', token, json: { mapping: { genre: null, summary: 'subtitle' } } });
    expect(saved.status).toBe(200);
    expect((await getJson<{ mapping: unknown }>(`/api/v1/collections/${books.id}/sources`, token)).mapping).toEqual({
      genre: null,
      summary: 'subtitle',
    });
    const wrong = await call(path, { method: 'PUT', token, json: { mapping: { summary: 'nope' } } });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { details: { fields: { path: string }[] } } }).error.details.fields[0]!.path).toBe(
      'mapping.summary',
    );
    expect((await call(path, { method: 'PUT', token, json: { mapping: { colour: 'title' } } })).status).toBe(400);
  });

  it("fetches a hit's cover into the collection's media, and says why when there is none", async () => {
    const { token } = await createUser();
    const books = await createCollection(token, { type: 'books', name: 'Books' });
    await setAnswers(FAKE, '/meta/openlibrary-covers/b/id/42-L.jpg', [
      { body: base64(PNG_BYTES), headers: { 'content-type': 'image/png' } },
    ]);
    await setAnswers(FAKE, '/meta/openlibrary-covers/b/id/43-L.jpg', [{ body: base64('<html>not a picture</html>') }]);
    const path = `/api/v1/collections/${books.id}/sources/cover`;
    const stored = await call(path, { method: 'POST', token, json: { address: `${FAKE}/meta/openlibrary-covers/b/id/42-L.jpg` } });
    expect(stored.status).toBe(201);
    const { value } = (await stored.json()) as { value: string };
    expect(value).toMatch(/^media:\/\/collections\/\d+\/[0-9a-f]{64}\.png$/);
    const item = await addItem(token, books.id, { values: { title: 'The Dispossessed', cover: value } });
    expect(item.values.cover).toBe(value);
    const notImage = await call(path, { method: 'POST', token, json: { address: `${FAKE}/meta/openlibrary-covers/b/id/43-L.jpg` } });
    expect(await errorCode(notImage)).toBe('VALIDATION_FAILED');
    const missing = await call(path, { method: 'POST', token, json: { address: `${FAKE}/meta/openlibrary-covers/b/id/44-L.jpg` } });
    expect(await errorCode(missing)).toBe('SOURCE_UNREACHABLE');
    const local = await call(path, { method: 'POST', token, json: { address: 'http://127.0.0.1:1/cover.png' } });
    expect(await errorCode(local)).toBe('SOURCE_UNREACHABLE');
    expect(await errorCode(await call(path, { method: 'POST', token, json: { address: 'not an address' } }))).toBe('VALIDATION_FAILED');
  });

  it('passes a result cover through to a browser holding a media ticket, pictures only', async () => {
    const { token } = await createUser();
    await setAnswers(FAKE, '/meta/openlibrary-covers/b/id/52-L.jpg', [{ body: base64(PNG_BYTES) }]);
    await setAnswers(FAKE, '/meta/openlibrary-covers/b/id/53-L.jpg', [{ body: base64('<script>alert(1)</script>') }]);
    const { ticket } = await getJson<{ ticket: string }>('/api/v1/media-ticket', token);
    const address = (id: number) => encodeURIComponent(`${FAKE}/meta/openlibrary-covers/b/id/${id}-L.jpg`);
    const shown = await call(`/api/v1/source-cover?address=${address(52)}&t=${ticket}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await shown.arrayBuffer())).toEqual(PNG_BYTES);
    expect((await call(`/api/v1/source-cover?address=${address(53)}&t=${ticket}`)).status).toBe(404);
    expect((await call(`/api/v1/source-cover?address=${address(52)}&t=forged`)).status).toBe(401);
    expect((await call(`/api/v1/source-cover?address=${address(52)}`)).status).toBe(400);
  });

  it("is the collection owner's alone; demo mode searches but stores nothing", async () => {
    const { token } = await createUser();
    const { token: other } = await createUser();
    const books = await createCollection(token, { type: 'books', name: 'Books', visibility: 0 });
    const endpoints = [
      ['GET', `/api/v1/collections/${books.id}/sources`, undefined],
      ['GET', `/api/v1/collections/${books.id}/sources/search?q=dune`, undefined],
      ['PUT', `/api/v1/collections/${books.id}/sources/mapping`, { mapping: {} }],
      ['POST', `/api/v1/collections/${books.id}/sources/cover`, { address: `${FAKE}/meta/openlibrary-covers/b/id/42-L.jpg` }],
    ] as const;
    for (const [method, path, json] of endpoints) {
      expect((await call(path, { method, json })).status).toBe(401);
      expect([403, 404]).toContain((await call(path, { method, json, token: other })).status);
    }
    expect((await call(`/api/v1/collections/${books.id}/sources`, { token, env: { DEMO_MODE: 'true' } })).status).toBe(200);
    for (const [method, path, json] of endpoints.slice(2)) {
      expect(await errorCode(await call(path, { method, json, token, env: { DEMO_MODE: 'true' } }))).toBe('DEMO_MODE');
    }
  });
});
