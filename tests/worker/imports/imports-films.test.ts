// Imports of film programs' files through the API and the Workflow: Letterboxd's CSV files and its
// export zip (merged into a film a row), IMDb's ratings and lists in their 2019 and 2024 layouts, Kodi
// .nfo files alone and zipped. Each is read into a movies collection, then run again unchanged.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { csvOptionsOf, detectFormat, readHead, readSample } from '@shared/import/formats';
import type { ImportFormat } from '@shared/import/records';
import { zipDocument } from '@shared/import/zip-document';
import type { ImportPlanInput, ImportReport } from '@shared/schemas/imports';
import { itemsOf as items, planFor, runImport as run } from '../../support/worker-imports';
import { createUser } from '../../support/worker-app';
import { createCollection } from '../../support/worker-catalogue';
import diary from '../../fixtures/imports/letterboxd/diary.csv?raw';
import ratings from '../../fixtures/imports/letterboxd/ratings.csv?raw';
import watched from '../../fixtures/imports/letterboxd/watched.csv?raw';
import watchlist from '../../fixtures/imports/letterboxd/watchlist.csv?raw';
import reviews from '../../fixtures/imports/letterboxd/reviews.csv?raw';
import heistList from '../../fixtures/imports/letterboxd/heist-films.csv?raw';
import profile from '../../fixtures/imports/letterboxd/profile.csv?raw';
import imdb2019 from '../../fixtures/imports/imdb/ratings-2019.csv?raw';
import imdb2024 from '../../fixtures/imports/imdb/ratings-2024.csv?raw';
import imdbWatchlist from '../../fixtures/imports/imdb/watchlist-2024.csv?raw';
import heatNfo from '../../fixtures/imports/kodi/Heat.nfo?raw';
import rififiNfo from '../../fixtures/imports/kodi/Rififi.nfo?raw';
import tvshowNfo from '../../fixtures/imports/kodi/tvshow.nfo?raw';

/** The file's fields as the browser reads them: the plan every field to its property (new ones named x_…). */
function planOf(file: string | Uint8Array): ImportPlanInput {
  const text = typeof file === 'string' ? file : new TextDecoder().decode(zipDocument(file).bytes);
  const format = detectFormat(text);
  return { ...planFor(format, readHead(format, text, csvOptionsOf(format, text)).fields), covers: false };
}

/** The plan of a second run: the new properties the first one made are there now. */
const again = (plan: ImportPlanInput): ImportPlanInput => ({ ...plan, fields: plan.fields.map((f) => ({ ...f, create: null })) });

/** Imports a file into a new movies collection, then again: the second run changes nothing. */
async function twice(file: string | Uint8Array, name: string, format: ImportFormat, total: number) {
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Films', type: 'movies' });
  const plan = planOf(file);
  expect(plan.format).toBe(format);
  const first = await run(owner.token, c.id, file, name, plan);
  expect(first).toMatchObject({ status: 'done', format, counts: { added: total, failed: 0, skipped: 0 } });
  const second: ImportReport = await run(owner.token, c.id, file, name, again(plan));
  expect(second.counts).toMatchObject({ added: 0, updated: 0, unchanged: total });
  const list = await items(owner.token, c.id);
  expect(list).toHaveLength(total);
  return { owner, c, plan, list };
}

const byTitle = <T extends { values: Record<string, unknown> }>(list: T[], title: string) =>
  list.find((i) => i.values.title === title)!.values;

describe('Letterboxd', () => {
  it('reads each of the export files alone, by their columns', async () => {
    const diaryRun = await twice(diary, 'diary.csv', 'letterboxd', 3);
    // A diary names viewings: the same film twice is two entries.
    expect(
      byTitle(
        diaryRun.list.filter((i) => i.values.x_rewatch === false),
        'Parasite',
      ),
    ).toEqual({
      title: 'Parasite',
      year: 2019,
      rating: 4,
      watched: true,
      x_watched_date: '2024-01-09',
      x_rewatch: false,
      x_tags: ['theatre', 'korea'],
      x_date: '2024-01-10',
      x_link: 'https://boxd.it/5Y7Bc1',
    });
    expect(byTitle((await twice(ratings, 'ratings.csv', 'letterboxd', 2)).list, 'Heat')).toEqual({
      title: 'Heat',
      year: 1995,
      rating: 5,
      watched: true,
      x_date: '2024-02-01',
      x_link: 'https://boxd.it/2aHi',
    });
    const watchedRun = await twice(watched, 'watched.csv', 'letterboxd', 3);
    expect(byTitle(watchedRun.list, 'Crouching Tiger, Hidden Dragon')).toEqual({
      title: 'Crouching Tiger, Hidden Dragon',
      year: 2000,
      x_date: '2024-02-15',
      x_link: 'https://boxd.it/1Z5e',
    });
    await twice(watchlist, 'watchlist.csv', 'letterboxd', 1);
    expect(byTitle((await twice(reviews, 'reviews.csv', 'letterboxd', 1)).list, 'Parasite')).toMatchObject({
      rating: 4.5,
      x_rewatch: true,
      x_review: 'Even better the second time.\nThe stairs, again.',
      x_tags: ['home'],
      x_watched_date: '2024-03-05',
    });
  });

  it("reads a list: its films table after the lines about the list, numbered as the file's rows", async () => {
    const { list } = await twice(heistList, 'heist-films.csv', 'letterboxd', 2);
    expect(byTitle(list, 'Heat')).toEqual({
      title: 'Heat',
      year: 1995,
      x_position: 1,
      x_description: 'The best one',
      x_link: 'https://letterboxd.com/film/heat-1995/',
    });
    const head = readHead('letterboxd', heistList, csvOptionsOf('letterboxd', heistList));
    expect(readSample(head, csvOptionsOf('letterboxd', heistList), heistList, true).map((r) => r.row)).toEqual([6, 7]);
  });

  it('merges the export zip into a film a row: rating, latest viewing, rewatch, tags, review, watchlist', async () => {
    const files = {
      'profile.csv': profile,
      'diary.csv': diary,
      'ratings.csv': ratings,
      'watched.csv': watched,
      'watchlist.csv': watchlist,
      'reviews.csv': reviews,
      'lists/heist-films.csv': heistList,
    };
    const zip = zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
    const { list } = await twice(zip, 'letterboxd-someone-2024-03-07.zip', 'letterboxd', 4);
    expect(byTitle(list, 'Parasite')).toEqual({
      title: 'Parasite',
      year: 2019,
      // ratings.csv's rating of today, not the diary's first one.
      rating: 4.5,
      watched: true,
      x_watched_date: '2024-03-05',
      x_rewatch: true,
      x_tags: ['theatre', 'korea', 'home'],
      x_review: 'Even better the second time.\nThe stairs, again.',
      x_watchlist: false,
      x_date: '2024-01-10',
      // The film's own address, not a diary entry's.
      x_link: 'https://boxd.it/hTha',
    });
    expect(byTitle(list, 'Rififi')).toMatchObject({ watched: false, x_watchlist: true, x_link: 'https://boxd.it/26Ae' });
    expect(byTitle(list, 'Crouching Tiger, Hidden Dragon')).toMatchObject({ watched: true, x_watchlist: false });
  });
});

describe('IMDb', () => {
  it('reads ratings of the 2019 layout: ratings halved, genres and directors as lists', async () => {
    const { list } = await twice(imdb2019, 'ratings.csv', 'imdb', 3);
    expect(byTitle(list, 'The Matrix')).toEqual({
      title: 'The Matrix',
      year: 1999,
      runtime: 136,
      genre: ['Action', 'Sci-Fi'],
      directors: ['Lana Wachowski', 'Lilly Wachowski'],
      rating: 4.5,
      x_date_rated: '2020-05-03',
      x_imdb_rating: 8.7,
      x_title_type: 'movie',
      x_release_date: '1999-03-31',
      x_link: 'https://www.imdb.com/title/tt0133093/',
    });
  });

  it('a later export in the 2024 layout finds the same titles by their Const: updated, not doubled', async () => {
    const { owner, c, plan } = await twice(imdb2019, 'ratings.csv', 'imdb', 3);
    const later = await run(owner.token, c.id, imdb2024, 'ratings.csv', again(planOf(imdb2024)));
    // The Godfather rated 8 now, Shawshank and The Matrix as they were (their title type is Movie now), Léon new.
    expect(later.counts).toMatchObject({ added: 1, updated: 3, failed: 0 });
    const list = await items(owner.token, c.id);
    expect(list).toHaveLength(4);
    expect(byTitle(list, 'The Godfather')).toMatchObject({ rating: 4, x_date_rated: '2024-06-02' });
    expect(byTitle(list, 'Léon: The Professional')).toMatchObject({ original_title: 'Léon', rating: 4.5 });
    expect(plan.format).toBe('imdb');
  });

  it('reads a watchlist (a list): position, date added and description beside the title', async () => {
    const { list } = await twice(imdbWatchlist, 'WATCHLIST.csv', 'imdb', 2);
    expect(byTitle(list, 'Seven Samurai')).toEqual({
      title: 'Seven Samurai',
      original_title: 'Shichinin no samurai',
      year: 1954,
      runtime: 207,
      genre: ['Action', 'Drama'],
      directors: ['Akira Kurosawa'],
      x_imdb_rating: 8.6,
      x_title_type: 'Movie',
      x_release_date: '1956-11-19',
      x_link: 'https://www.imdb.com/title/tt0047478/',
      x_position: 2,
      x_added: '2024-02-02',
    });
  });
});

describe('Kodi', () => {
  it("reads a lone .nfo: every field, the poster among the thumbs, IMDb's id as the reference", async () => {
    const { list } = await twice(heatNfo, 'Heat.nfo', 'kodi', 1);
    expect(list[0]!.values).toEqual({
      title: 'Heat',
      original_title: 'Heat',
      directors: ['Michael Mann'],
      cast: ['Al Pacino', 'Robert De Niro'],
      year: 1995,
      runtime: 170,
      genre: ['Action', 'Crime', 'Drama'],
      synopsis: 'A group of professional bank robbers start to feel the heat from police.',
      watched: true,
      rating: 4.5,
      x_site_rating: 8.3,
      x_set: 'Michael Mann Films',
      x_tags: ['heist'],
      x_imdb: 'tt0113277',
      x_tmdb: '949',
    });
    // The poster is fetched by address when asked (covers are left out above).
    const [record] = readSample(readHead('kodi', heatNfo, csvOptionsOf('kodi', heatNfo)), csvOptionsOf('kodi', heatNfo), heatNfo, true);
    expect(record).toMatchObject({ id: 'imdb:tt0113277', values: { poster: ['https://assets.example.org/heat-poster.jpg'] } });
  });

  it('reads a zip of .nfo files, a film each, passing over what is not a film', async () => {
    const zip = zipSync({
      'Heat (1995)/Heat.nfo': strToU8(heatNfo),
      'Rififi (1955)/movie.nfo': strToU8(rififiNfo),
      'The Wire/tvshow.nfo': strToU8(tvshowNfo),
    });
    const { list } = await twice(zip, 'films.zip', 'kodi', 2);
    expect(byTitle(list, 'Du rififi chez les hommes')).toEqual({
      title: 'Du rififi chez les hommes',
      directors: ['Jules Dassin'],
      year: 1955,
      runtime: 118,
      genre: ['Crime'],
      watched: false,
      x_set: 'Heists',
      x_tmdb: '934',
    });
  });
});
