// Imports of files real programs made (the handbook's fixtures folder beside the repository). A fresh
// clone without that folder skips these, saying so.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Item, ItemPage } from '@shared/schemas/items';
import type { ImportPlanInput } from '@shared/schemas/imports';
import { GOODREADS_FIELDS } from '@shared/import/goodreads';
import { BGG_FIELDS } from '@shared/import/bgg';
import { readHead } from '@shared/import/formats';
import { LIBRARYTHING_FIELDS } from '@shared/import/librarything';
import type { ImportField } from '@shared/import/records';
import { runImport } from '../../support/worker-imports';
import { base64, hitsOf, setAnswers } from '../../support/fake-sources';
import { createUser, PNG_BYTES } from '../../support/worker-app';
import { createCollection, getJson } from '../../support/worker-catalogue';

const goodreadsFiles = import.meta.glob<string>('../../../../shared/fixtures/goodreads/*.csv', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const goodreads = Object.values(goodreadsFiles)[0];
if (!goodreads) console.warn('imports-real-files: ../shared/fixtures/goodreads is absent; the Goodreads test is skipped');

describe('a real Goodreads library export', () => {
  it.skipIf(!goodreads)(
    'fills a books collection: titles, authors, ISBNs from the formulas, ratings, shelves; twice without duplicates',
    async () => {
      const owner = await createUser();
      const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
      // Every field with a books-template property goes there; the others become new properties.
      const plan: ImportPlanInput = {
        format: 'goodreads',
        fields: GOODREADS_FIELDS.map((f) =>
          f.target
            ? { field: f.key, property: f.target }
            : { field: f.key, property: `gr_${f.key}`, create: { label: f.label, type: f.type, multiple: f.multiple } },
        ),
      };
      const start = (fields: ImportPlanInput['fields']) =>
        runImport(owner.token, c.id, goodreads!, 'goodreads_library_export.csv', { ...plan, fields });
      const report = await start(plan.fields);
      const records = goodreads!.trim().split('\n').length - 1;
      expect(report.status).toBe('done');
      expect(report.total).toBe(records);
      expect(report.counts.added).toBe(records);
      const page = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?q=Losing%20Ground`, owner.token);
      const item = await getJson<Item>(`/api/v1/collections/${c.id}/items/${page.items[0]!.id}`, owner.token);
      expect(item.values).toMatchObject({
        title: 'Losing Ground: American Social Policy, 1950-1980',
        authors: ['Charles Murray'],
        isbn: '9780465042333',
        publisher: 'Basic Books',
        format: 'Paperback',
        pages: 346,
        year: 1983,
        read: false,
        gr_shelves: ['to-read'],
        gr_date_added: '2024-01-15',
      });
      expect(item.values.rating).toBeUndefined();
      const again = await start(plan.fields.map((f) => ({ ...f, create: null })));
      expect(again.counts).toMatchObject({ added: 0, unchanged: records });
    },
  );
});

const realFile = (pattern: Record<string, string>) => Object.values(pattern)[0];
const bgg = realFile(
  import.meta.glob<string>('../../../../shared/fixtures/bgg/collection.xml', { query: '?raw', import: 'default', eager: true }),
);
const gcstarBook = realFile(
  import.meta.glob<string>('../../../../shared/fixtures/gcstar/test-book.gcs', { query: '?raw', import: 'default', eager: true }),
);
const librarything = realFile(
  import.meta.glob<string>('../../../../shared/fixtures/librarything/librarything.json', { query: '?raw', import: 'default', eager: true }),
);
if (!bgg || !gcstarBook || !librarything)
  console.warn('imports-real-files: ../shared/fixtures is absent; the BoardGameGeek, GCstar and LibraryThing tests are skipped');

/** Imports a file with each field at its template property, the others into new properties. */
async function importWhole(type: 'books' | 'board_games', format: ImportPlanInput['format'], file: string, fields: readonly ImportField[]) {
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Real', type });
  const plan: ImportPlanInput = {
    format,
    fields: fields.map((f) =>
      f.target
        ? { field: f.key, property: f.target }
        : { field: f.key, property: `r_${f.key.toLowerCase()}`, create: { label: f.label, type: f.type, multiple: f.multiple } },
    ),
  };
  const send = (p: ImportPlanInput) => runImport(owner.token, c.id, file, 'real', p);
  const first = await send(plan);
  const again = await send({ ...plan, fields: plan.fields.map((f) => ({ ...f, create: null })) });
  return { owner, c, first, again };
}

describe('real files of other programs', () => {
  it.skipIf(!bgg)(
    'the BoardGameGeek collection of 455 games with their covers, twice without duplicates',
    { timeout: 180_000 },
    async () => {
      // Its covers are BoardGameGeek's image server's; here the fake answers them all with one picture.
      const images = `/geekdo/${crypto.randomUUID().slice(0, 8)}/`;
      await setAnswers(env.FAKE_SOURCES_URL, images, [{ body: base64(PNG_BYTES) }], { prefix: true });
      const file = bgg!.replaceAll('https://cf.geekdo-images.com/', `${env.FAKE_SOURCES_URL}${images}`);
      const addresses = new Set([...file.matchAll(/<image>([^<]+)<\/image>/g)].map((m) => m[1]));
      const { owner, c, first, again } = await importWhole('board_games', 'bgg', file, BGG_FIELDS);
      expect(first).toMatchObject({ status: 'done', total: 455 });
      expect(first.counts.failed).toBe(0);
      expect(first.counts.added + first.counts.skipped).toBe(455);
      expect(first.covers).toEqual({ fetched: addresses.size, failed: 0 });
      expect(again.counts).toMatchObject({ added: 0, unchanged: first.counts.added });
      // The second run fetched no cover again: each is still in use.
      expect((await hitsOf(env.FAKE_SOURCES_URL, images)).hits).toBe(addresses.size);
      const page = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?q=3%20Chapters`, owner.token);
      const item = await getJson<Item>(`/api/v1/collections/${c.id}/items/${page.items[0]!.id}`, owner.token);
      expect(item.values).toMatchObject({
        title: '3 Chapters',
        year: 2024,
        players_min: 2,
        players_max: 6,
        play_time: 30,
        r_status: ['wishlist'],
      });
      expect(item.values.cover).toMatch(/^media:\/\/collections\//);
    },
  );

  it.skipIf(!gcstarBook)('a GCstar book file with every kind of user field', async () => {
    const head = readHead('gcstar', gcstarBook!, { delimiter: ',', quote: '"', header: true });
    const { first } = await importWhole('books', 'gcstar', gcstarBook!, head.fields);
    expect(first).toMatchObject({ status: 'done', total: 2, counts: { added: 2, failed: 0 } });
  });

  it.skipIf(!librarything)('a LibraryThing export', async () => {
    const { owner, c, first } = await importWhole('books', 'librarything', librarything!, LIBRARYTHING_FIELDS);
    expect(first).toMatchObject({ status: 'done', total: 3, counts: { added: 3, failed: 0 } });
    const page = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?q=Feels%20Like%20Home`, owner.token);
    const item = await getJson<Item>(`/api/v1/collections/${c.id}/items/${page.items[0]!.id}`, owner.token);
    expect(item.values).toMatchObject({ authors: ['Lee Eclov', 'Collin Hansen'], isbn: '9780802418869', year: 2019 });
  });
});
