// Imports of the collection programs' XML exports (Collectorz, Data Crow, Ant Movie Catalog, Griffith)
// from small files written after their documented formats (tests/fixtures/imports): each program's
// template, every field of one record, a picture from a zip and a second run that changes nothing; and
// Ant Movie Catalog's binary catalogue refused with how to export it.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { CsvOptions } from '@shared/import/csv';
import { detectFormat, readHead, readRecords } from '@shared/import/formats';
import type { ImportFormat } from '@shared/import/records';
import type { ImportPlanInput } from '@shared/schemas/imports';
import { itemsOf as items, planFor, runImport as run, startImport as start } from '../../support/worker-imports';
import { createUser } from '../../support/worker-app';
import { createCollection, getJson } from '../../support/worker-catalogue';

const files = import.meta.glob<string>('../../fixtures/imports/{clz,datacrow,amc,griffith}/*.xml', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const fixture = (path: string) => files[`../../fixtures/imports/${path}`]!;

/** A picture as a JPEG shows itself by content (its first bytes), with some bytes after. */
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 1, 2, 3, 4, 5, 6, 7, 8]);
const CSV: CsvOptions = { delimiter: ',', quote: '"', header: true };
const MEDIA = /^media:\/\/collections\/\d+\/[0-9a-f]{64}\.jpg$/;

/** The file's format, head and every record, read as the browser's preview and the Worker read them. */
function read(text: string) {
  const format = detectFormat(text);
  const head = readHead(format, text, CSV);
  return { format, head, records: readRecords(head, CSV, text.slice(head.start), 100, true, 1).records };
}

/** Runs a file into a new collection of the template its head names, then again: nothing changes. */
async function importTwice(format: ImportFormat, file: Uint8Array | string, name: string, text: string) {
  const owner = await createUser();
  const { head } = read(text);
  const c = await createCollection(owner.token, { name: 'Imported', type: head.collectionType! });
  const plan: ImportPlanInput = planFor(format, head.fields);
  const report = await run(owner.token, c.id, file, name, plan);
  const again = await run(owner.token, c.id, file, name, { ...plan, fields: plan.fields.map((f) => ({ ...f, create: null })) });
  return { report, again, items: await items(owner.token, c.id) };
}

describe('Collectorz (CLZ)', () => {
  it('imports a Book Collector export with its cover from a zip into books, every field kept, and a second run changes nothing', async () => {
    const xml = fixture('clz/books.xml');
    const zip = zipSync({ 'books.xml': strToU8(xml), 'Images/Covers/colour-of-magic.jpg': JPEG });
    const {
      report,
      again,
      items: [colour, mort],
    } = await importTwice('clz', zip, 'books.zip', xml);
    expect(report).toMatchObject({ status: 'done', format: 'clz', total: 2, counts: { added: 2, failed: 0 } });
    expect(again.counts).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    expect(colour!.values).toEqual({
      title: 'The Colour of Magic',
      subtitle: 'A Discworld Novel',
      cover: expect.stringMatching(MEDIA),
      authors: ['Terry Pratchett'],
      series: 'Discworld',
      series_number: 1,
      publisher: 'Corgi',
      year: 1985,
      pages: 288,
      isbn: '9780552124751',
      language: 'English',
      genre: ['Fantasy', 'Humour'],
      format: 'Paperback',
      summary: 'Rincewind meets Twoflower.',
      read: true,
      rating: 4,
      x_index: 17,
      x_collectionstatus: 'In Collection',
      x_location: 'Shelf B',
      x_condition: 'Good',
      x_tags: ['favourite'],
      x_purchasedate: '2019-05-03',
      x_purchaseprice: '£7.99',
      x_notes: 'Signed copy & bookmark',
      x_loanedto: 'Ann Smith',
      x_loandate: '2024-02-01',
      x_duedate: '2024-03-01',
    });
    // CLZ's generic placeholder is no cover, and a 0 rating is none.
    expect(mort!.values).toEqual({ title: 'Mort', authors: ['Terry Pratchett'], read: false, x_index: 18 });
  });

  it('reads Movie Collector (fields outside a main section) into movies: crew by role, cast, a Windows cover path', async () => {
    const { format, head, records } = read(fixture('clz/movies.xml'));
    expect([format, head.collectionType, head.record]).toEqual(['clz', 'movies', 'movie']);
    expect(records).toHaveLength(1);
    expect(records[0]).toEqual({
      row: 1,
      id: '3486',
      values: {
        title: ['A Funny Thing Happened On The Way To The Forum'],
        coverfront: ['C:\\Users\\me\\Documents\\Movie Collector\\Images\\3486f.jpg'],
        director: ['Richard Lester'],
        cast: ['Zero Mostel', 'Phil Silvers'],
        releasedate: ['1966'],
        runtime: ['97'],
        genres: ['Comedy', 'Musical'],
        format: ['DVD'],
        upc: ['027616852595'],
        plot: ['A slave schemes for his freedom.'],
        seenit: ['true'],
        myrating: ['4.5'],
        writer: ['Larry Gelbart'],
        imdburl: ['http://www.imdb.com/title/tt0060438'],
        index: ['107'],
      },
    });
  });

  it('reads Music Collector into plain properties: albums only, not their discs and tracks', async () => {
    const { head, records } = read(fixture('clz/music.xml'));
    expect(head.collectionType).toBeNull();
    expect(records.map((r) => [r.id, r.values.title])).toEqual([
      ['4799', ['A Quiet Normal Life']],
      ['4800', ['Excitable Boy']],
    ]);
    expect(records[0]!.values).toMatchObject({
      artists: ['Warren Zevon'],
      releasedate: ['1986'],
      label: ['Elektra'],
      format: ['CD'],
      nrtracks: ['14'],
    });
    expect(records[0]!.values.myrating).toBeUndefined();
  });
});

describe('Data Crow', () => {
  it('imports a Data Crow 4 books export zipped with its picture folder, every field kept, twice without change', async () => {
    const xml = fixture('datacrow/books4.xml');
    const zip = zipSync({ 'books4.xml': strToU8(xml), 'books_images/8817fb77-db09-4b70-96b1-12d4adbac294_PictureFront.jpg': JPEG });
    const {
      report,
      again,
      items: [first, second],
    } = await importTwice('datacrow', zip, 'books.zip', xml);
    expect(report).toMatchObject({ status: 'done', format: 'datacrow', total: 2, counts: { added: 2, failed: 0 } });
    expect(again.counts).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    expect(first!.values).toEqual({
      title: '1632',
      cover: expect.stringMatching(MEDIA),
      authors: ['Eric Flint', 'David Weber'],
      publisher: 'Baen',
      year: 2013,
      isbn: '9781625790705',
      x_isbn_10: '1625790708',
      pages: 329,
      language: 'English',
      genre: ['Fiction'],
      format: 'Hardcover',
      series: 'Ring of Fire',
      series_number: 1,
      summary: 'A town is sent back to 1632.',
      read: true,
      rating: 3.5,
      x_lend_by: 'Ann Smith',
      x_loan_status: 'On loan',
      x_state: 'Read',
      x_user_short_text_field_1: 'Attic box 3',
      x_webpage: 'http://books.google.com/books?id=IpV0CwAAQBAJ',
    });
    expect(second!.values).toEqual({ title: '1633', read: false, x_state: 'Unread' });
  });

  it('reads a Data Crow 5 movies export: items inside <movie-items>, lists of names, the first picture, length in minutes', async () => {
    const { format, head, records } = read(fixture('datacrow/movies5.xml'));
    expect([format, head.collectionType, head.record]).toEqual(['datacrow', 'movies', 'movie']);
    // The genres Data Crow lists after the items are not items.
    expect(records).toHaveLength(1);
    expect(records[0]).toEqual({
      row: 1,
      id: 'b64fe351-373a-4069-a695-d59e2243a020',
      values: {
        title: ['Spider-Man: Homecoming'],
        'picture-front': ['movies_images/b64fe351_picture-01.jpg'],
        directors: ['Jon Watts'],
        actors: ['Tom Holland', 'Zendaya'],
        year: ['2017'],
        playlength: ['133'],
        genres: ['Action'],
        'storage-medium': ['Blu-ray'],
        seen: ['true'],
        rating: ['4'],
        state: ['Seen'],
      },
    });
  });

  it('reads a module without a template (software) into plain properties named after its elements', async () => {
    const { head, records } = read(fixture('datacrow/software4.xml'));
    expect(head.collectionType).toBeNull();
    expect(head.fields.map((f) => f.key)).toEqual(['title', 'platform', 'developers', 'year', 'rating']);
    expect(records[0]!.values).toEqual({
      title: ['The Secret of Monkey Island'],
      platform: ['PC'],
      developers: ['Lucasfilm Games'],
      year: ['1990'],
      rating: ['4.5'],
    });
  });
});

describe('Ant Movie Catalog', () => {
  it('imports its XML export (in ISO-8859-1, as it writes) with a picture from a zip into movies, every field kept, twice', async () => {
    const xml = fixture('amc/catalog.xml');
    const latin1 = Uint8Array.from(xml, (ch) => ch.charCodeAt(0));
    const zip = zipSync({ 'catalog.xml': latin1, 'Catalog_1.jpg': JPEG });
    const {
      report,
      again,
      items: [amelie, stalker],
    } = await importTwice('amc', zip, 'catalog.zip', xml);
    expect(report).toMatchObject({ status: 'done', format: 'amc', total: 2, counts: { added: 2, failed: 0 } });
    expect(again.counts).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    expect(amelie!.values).toEqual({
      title: 'Amélie',
      original_title: "Le Fabuleux Destin d'Amélie Poulain",
      poster: expect.stringMatching(MEDIA),
      directors: ['Jean-Pierre Jeunet'],
      cast: ['Audrey Tautou', 'Mathieu Kassovitz'],
      year: 2001,
      runtime: 122,
      genre: ['Comedy', 'Romance'],
      format: 'DVD',
      synopsis: 'Amélie changes the lives of those around her.',
      rating: 4,
      x_translatedtitle: 'Amélie',
      x_number: 1,
      x_checked: true,
      x_medialabel: 'DVD-01',
      x_source: 'Bought',
      x_date: '12/01/2005',
      x_borrower: 'Paul',
      x_producer: ['Claudie Ossard'],
      x_country: ['France', 'Germany'],
      x_url: 'http://www.imdb.com/title/tt0211915/',
      x_comments: 'Bonus disc',
      x_languages: ['French'],
      x_subtitles: ['English', 'German'],
      x_videoformat: 'MPEG-2',
      x_audioformat: 'AC3',
      x_resolution: '720x576',
      x_size: '7800',
      x_disks: 2,
    });
    // No translated title: the original one is the title; a picture the zip lacks is left out.
    expect(stalker!.values).toEqual({ title: 'Stalker', original_title: 'Stalker', year: 1979, x_number: 2, x_checked: false });
  });

  it('imports version 4: its own fields, the custom fields it declares, and a picture from its _pics folder', async () => {
    const xml = fixture('amc/catalog-4.xml');
    // Windows-1252, as version 4 writes: the euro sign is its byte 0x80.
    const cp1252 = Uint8Array.from(xml, (ch) => (ch === '€' ? 0x80 : ch.charCodeAt(0)));
    const zip = zipSync({ 'catalog-4.xml': cp1252, 'catalog-4.xml_pics/catalog-4_12.jpg': JPEG });
    const { head } = read(xml);
    // Declared custom fields keep the person's names and types; a computed one is not a field.
    expect(head.fields.filter((f) => f.key.startsWith('custom:')).map((f) => [f.label, f.type])).toEqual([
      ['Vu', 'yesno'],
      ['Vu le', 'date'],
      ['Exemplaires', 'number'],
      ['Humeur', 'text'],
      ['Prix payé', 'number'],
      ['Étagère', 'text'],
      ['Critique', 'longtext'],
      ['Bande-annonce', 'url'],
    ]);
    const { report, again, items: imported } = await importTwice('amc', zip, 'catalog-4.zip', xml);
    const [hulot, playtime] = ['Les Vacances de M. Hulot', 'Playtime'].map((title) => imported.find((item) => item.values.title === title));
    expect(report).toMatchObject({ status: 'done', format: 'amc', total: 2, counts: { added: 2, failed: 0 } });
    expect(again.counts).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    expect(hulot!.values).toMatchObject({
      title: 'Les Vacances de M. Hulot',
      poster: expect.stringMatching(MEDIA),
      directors: ['Jacques Tati'],
      rating: 4,
      x_userrating: 4.5,
      x_datewatched: '2024-10-31',
      x_writer: ['Jacques Tati', 'Henri Marquet'],
      x_composer: ['Alain Romans'],
      x_certification: 'Tous publics',
      x_framerate: '25',
      x_custom_seen: true,
      x_custom_seenon: '2024-10-31',
      x_custom_copies: 2,
      x_custom_mood: 'Joyeux',
      x_custom_paid: 12.5,
      x_custom_shelf: 'B3',
      x_custom_review: 'Le meilleur Tati.',
      x_custom_trailer: 'https://example.org/hulot',
    });
    // Only a formatted title: it is the title.
    expect(playtime!.values).toMatchObject({ title: 'Playtime', year: 1967, x_custom_seen: false });
  });

  it('refuses its binary .amc catalogue before any write, saying how to export XML, in English and French', async () => {
    const amc = new Uint8Array([...strToU8(' AMC_3.5 Ant Movie Catalog 3.5.x   www.buypin.com    www.antp.be '), 0, 0, 0, 1, 0x1a, 0xff]);
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Films', type: 'movies' });
    const plan: ImportPlanInput = { format: 'amc', fields: [{ field: 'Title', property: 'title' }] };
    for (const [lang, words] of [
      ['en_US', 'File › Export › XML'],
      ['fr_FR', 'Fichier › Exporter › XML'],
    ] as const) {
      const res = await start(owner.token, c.id, amc, 'films.amc', plan, { lang });
      expect(res.status).toBe(400);
      const problem = ((await res.json()) as { error: { details: { fields: { reason: string; message: string }[] } } }).error.details
        .fields[0]!;
      expect(problem.reason).toBe('not_document');
      expect(problem.message).toContain('Ant Movie Catalog');
      expect(problem.message).toContain(words);
    }
    expect((await getJson<{ imports: unknown[] }>(`/api/v1/collections/${c.id}/imports`, owner.token)).imports).toHaveLength(0);
    expect((await start(owner.token, c.id, fixture('amc/catalog.xml'), 'catalog.xml', plan)).status).toBe(202);
  });
});

describe('Griffith', () => {
  it('imports its XML export with the poster it wrote beside it into movies, every field kept, twice', async () => {
    const xml = fixture('griffith/griffith_list.xml');
    const zip = zipSync({ 'griffith_list.xml': strToU8(xml), 'posters/1f3870be274f6c49b3e31a0c6728957f.jpg': JPEG });
    const {
      report,
      again,
      items: [amelie, serendipity],
    } = await importTwice('griffith', zip, 'griffith.zip', xml);
    expect(report).toMatchObject({ status: 'done', format: 'griffith', total: 2, counts: { added: 2, failed: 0 } });
    expect(again.counts).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    expect(serendipity!.values).toEqual({
      title: 'Serendipity - Zufall oder Schicksal',
      original_title: 'Serendipity',
      poster: expect.stringMatching(MEDIA),
      directors: ['Peter Chelsom'],
      cast: ['John Cusack', 'Kate Beckinsale'],
      year: 2001,
      runtime: 90,
      genre: ['Comedy', 'Romance'],
      format: 'DVD',
      synopsis: 'A couple reunite years after the night they first met.',
      watched: true,
      rating: 3,
      x_number: 1,
      x_classification: 'PG-13',
      x_country: 'USA',
      x_studio: 'Miramax',
      x_loaned: false,
      x_site: 'http://www.imdb.com/title/tt0240890',
      x_trailer: 'http://www.imdb.com/title/tt0240890/trailers',
      x_notes: 'Region 2',
    });
    expect(amelie!.values).toEqual({ title: 'Amélie', watched: false, x_number: 2 });
  });

  it('reads the export with <griffith><movies> around the films, and a plain <root> of other movies is no Griffith file', () => {
    const { format, records } = read(fixture('griffith/griffith_nested.xml'));
    expect(format).toBe('griffith');
    expect(records).toEqual([
      {
        row: 1,
        id: '7',
        values: {
          title: ['Brazil'],
          o_title: ['Brazil'],
          director: ['Terry Gilliam'],
          year: ['1985'],
          seen: ['true'],
          rating: ['4.5'],
          number: ['7'],
        },
      },
    ]);
    expect(() => detectFormat('<root><movie><name>Brazil</name></movie></root>')).toThrow(/unknown_format/);
  });
});
