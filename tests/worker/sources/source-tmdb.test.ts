// TMDB's module against a fake answering in TMDB's shapes (search/movie, then movie/<id> with credits):
// words with a v3 key or a v4 token, details that fail, no barcode look-up, nothing found, no key,
// garbage and a refusal.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SourceFailure, type SourceContext } from '@worker/features/sources/source';
import { tmdb } from '@worker/features/sources/tmdb.source';
import { base64, hitsOf, setAnswers } from '../../support/fake-sources';

const FAKE = env.FAKE_SOURCES_URL;
const KEY = 'tmdb-test-key';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJ0bWRiLXRlc3QifQ.c2lnbmF0dXJlLWZvci10ZXN0cw';
const ctx: SourceContext = { env, key: KEY, locale: 'en_US' };
/** The query as a v3 key makes it; a v4 token goes in the header instead. */
const withKey = (path: string, key: string | null) => (key ? `${path}&api_key=${key}` : path);
const searchPath = (q: string, lang = 'en-US', key: string | null = KEY) =>
  withKey(`/meta/tmdb/3/search/movie?query=${encodeURIComponent(q)}&include_adult=false&language=${lang}`, key);
const detailsPath = (id: number, lang = 'en-US', key: string | null = KEY) =>
  withKey(`/meta/tmdb/3/movie/${id}?append_to_response=credits&language=${lang}`, key);
const json = (value: unknown, status = 200) => ({
  status,
  body: base64(JSON.stringify(value)),
  headers: { 'content-type': 'application/json' },
});

const problem = (words: string, context = ctx) =>
  tmdb.search(context, words).then(
    () => null,
    (err: unknown) => (err instanceof SourceFailure ? [err.problem, err.status] : err),
  );

const CAST = [
  'Edward Norton',
  'Brad Pitt',
  'Helena Bonham Carter',
  'Meat Loaf',
  'Jared Leto',
  'Zach Grenier',
  'Holt McCallany',
  'Eion Bailey',
  'Richmond Arquette',
  'David Andrews',
  'George Maguire',
  'Eugenie Bondurant',
];

describe('TMDB', () => {
  it('searches words with a v3 key, then reads the details: directors, cast in billing order, runtime, genres', async () => {
    await setAnswers(FAKE, searchPath('fight club'), [
      json({
        page: 1,
        results: [
          {
            id: 550,
            title: 'Fight Club',
            original_title: 'Fight Club',
            release_date: '1999-10-15',
            poster_path: '/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg',
            overview: 'A ticking-time-bomb insomniac and a slippery soap salesman channel primal male aggression.',
            genre_ids: [18],
          },
          {
            id: 345922,
            title: 'Fight Club: Members Only',
            original_title: '파이트 클럽',
            release_date: '2006-02-17',
            poster_path: null,
            overview: 'Three friends start a fight club.',
            genre_ids: [28],
          },
        ],
        total_pages: 1,
        total_results: 2,
      }),
    ]);
    await setAnswers(FAKE, detailsPath(550), [
      json({
        id: 550,
        title: 'Fight Club',
        original_title: 'Fight Club',
        release_date: '1999-10-15',
        runtime: 139,
        genres: [
          { id: 18, name: 'Drama' },
          { id: 53, name: 'Thriller' },
        ],
        overview: 'A ticking-time-bomb insomniac and a slippery soap salesman channel primal male aggression.',
        poster_path: '/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg',
        credits: {
          // Billing order is `order`, not the list's.
          cast: CAST.map((name, order) => ({ name, order })).reverse(),
          crew: [
            { job: 'Producer', name: 'Art Linson' },
            { job: 'Director', name: 'David Fincher' },
            { job: 'Screenplay', name: 'Jim Uhls' },
          ],
        },
      }),
    ]);
    // A details request that fails leaves that movie with what the search said of it.
    await setAnswers(FAKE, detailsPath(345922), [{ status: 500 }]);
    expect(await tmdb.search(ctx, 'fight club')).toEqual([
      {
        source: 'tmdb',
        id: '550',
        title: 'Fight Club',
        fields: {
          title: ['Fight Club'],
          year: ['1999'],
          summary: ['A ticking-time-bomb insomniac and a slippery soap salesman channel primal male aggression.'],
          cover: [`${FAKE}/meta/tmdb-images/t/p/w500/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg`],
          directors: ['David Fincher'],
          cast: CAST.slice(0, 10),
          runtime: ['139'],
          genre: ['Drama', 'Thriller'],
          link: ['https://www.themoviedb.org/movie/550'],
        },
      },
      {
        source: 'tmdb',
        id: '345922',
        title: 'Fight Club: Members Only',
        fields: {
          title: ['Fight Club: Members Only'],
          original_title: ['파이트 클럽'],
          year: ['2006'],
          summary: ['Three friends start a fight club.'],
          link: ['https://www.themoviedb.org/movie/345922'],
        },
      },
    ]);
    // A v3 key is in the query (the paths above), never in a header.
    expect(await hitsOf(FAKE, searchPath('fight club'))).toEqual({ hits: 1, authorization: null });
    expect((await hitsOf(FAKE, detailsPath(345922))).hits).toBe(1);
  });

  it('sends a v4 token as a bearer, asks in French, and reads the details of the first five only', async () => {
    const french: SourceContext = { ...ctx, key: TOKEN, locale: 'fr_FR' };
    const results = [1, 2, 3, 4, 5, 6].map((id) => ({
      id,
      title: `Film ${id}`,
      original_title: `Film ${id}`,
      release_date: '',
      poster_path: null,
      overview: '',
    }));
    await setAnswers(FAKE, searchPath('film', 'fr-FR', null), [json({ page: 1, results, total_pages: 1, total_results: 6 })]);
    await setAnswers(FAKE, detailsPath(1, 'fr-FR', null), [
      json({ id: 1, title: 'Le film 1', runtime: 0, genres: [{ id: 35, name: 'Comédie' }] }),
    ]);
    for (const id of [2, 3, 4, 5, 6])
      await setAnswers(FAKE, detailsPath(id, 'fr-FR', null), [json({ id, title: `Film ${id}`, runtime: 90 })]);
    const hits = await tmdb.search(french, 'film');
    expect(hits.map((hit) => hit.title)).toEqual(['Le film 1', 'Film 2', 'Film 3', 'Film 4', 'Film 5', 'Film 6']);
    // TMDB's 0 (a runtime it does not know) is left out; the first title's original is then other than it.
    expect(hits[0]?.fields).toEqual({
      title: ['Le film 1'],
      original_title: ['Film 1'],
      genre: ['Comédie'],
      link: ['https://www.themoviedb.org/movie/1'],
    });
    expect(hits[4]?.fields.runtime).toEqual(['90']);
    expect(hits[5]?.fields.runtime).toBeUndefined();
    expect(await hitsOf(FAKE, searchPath('film', 'fr-FR', null))).toEqual({ hits: 1, authorization: `Bearer ${TOKEN}` });
    expect(await hitsOf(FAKE, detailsPath(5, 'fr-FR', null))).toEqual({ hits: 1, authorization: `Bearer ${TOKEN}` });
    expect((await hitsOf(FAKE, detailsPath(6, 'fr-FR', null))).hits).toBe(0);
  });

  it('has no barcode look-up, and answers nothing when the search finds nothing', async () => {
    expect(await tmdb.lookUpCode(ctx, '3259190360294')).toEqual([]);
    await setAnswers(FAKE, searchPath('no such movie'), [json({ page: 1, results: [], total_pages: 0, total_results: 0 })]);
    expect(await tmdb.search(ctx, 'no such movie')).toEqual([]);
  });

  it('asks for a key before any request, and names what went wrong', async () => {
    await setAnswers(FAKE, searchPath('without key', 'en-US', null), [json({ page: 1, results: [] })]);
    expect(await problem('without key', { ...ctx, key: null })).toEqual(['needs_key', null]);
    expect((await hitsOf(FAKE, searchPath('without key', 'en-US', null))).hits).toBe(0);

    await setAnswers(FAKE, searchPath('garbage'), [{ body: base64('<html>maintenance</html>') }]);
    await setAnswers(FAKE, searchPath('wrong shape'), [json({ page: 1, results: 'none' })]);
    await setAnswers(FAKE, searchPath('refused'), [
      json({ success: false, status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.' }, 401),
    ]);
    expect(await problem('garbage')).toEqual(['malformed', null]);
    expect(await problem('wrong shape')).toEqual(['malformed', null]);
    expect(await problem('refused')).toEqual(['refused', 401]);
  });
});
