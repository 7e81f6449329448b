// Book programs' CSV exports (tests/fixtures/imports/<program>/, written from each program's documented
// columns, several generations where they exist) into books collections: each recognised by its header,
// its fields on the books template, statuses and ratings read, its own id as the reference so a second
// run changes nothing; and Goodreads exports padded with spaces or without their header row.
import { describe, expect, it } from 'vitest';
import { csvOptionsOf, detectFormat, readHead } from '@shared/import/formats';
import type { ImportFormat } from '@shared/import/records';
import type { Item, ItemPage } from '@shared/schemas/items';
import type { ImportReport } from '@shared/schemas/imports';
import { itemsOf, planFor, runImport } from '../../support/worker-imports';
import { createUser } from '../../support/worker-app';
import { createCollection, getJson } from '../../support/worker-catalogue';
import bookCatalogue from '../../fixtures/imports/book-catalogue/book-catalogue.csv?raw';
import bookCatalogueUnquoted from '../../fixtures/imports/book-catalogue/book-catalogue-unquoted.csv?raw';
import bookwyrm from '../../fixtures/imports/bookwyrm/bookwyrm.csv?raw';
import calibre from '../../fixtures/imports/calibre/calibre.csv?raw';
import goodreads2013 from '../../fixtures/imports/goodreads/goodreads-2013.csv?raw';
import goodreads2025 from '../../fixtures/imports/goodreads/goodreads-2025.csv?raw';
import goodreadsHeaderless from '../../fixtures/imports/goodreads/goodreads-headerless.csv?raw';
import goodreadsPadded from '../../fixtures/imports/goodreads/goodreads-padded.csv?raw';
import inventaire from '../../fixtures/imports/inventaire/inventaire.csv?raw';
import inventaireShort from '../../fixtures/imports/inventaire/inventaire-short.csv?raw';
import librarythingCsv from '../../fixtures/imports/librarything/librarything-old.csv?raw';
import librarythingTsv from '../../fixtures/imports/librarything/librarything.tsv?raw';
import openlibrary from '../../fixtures/imports/openlibrary/openlibrary.csv?raw';
import openreads from '../../fixtures/imports/openreads/openreads.csv?raw';
import storygraph from '../../fixtures/imports/storygraph/storygraph.csv?raw';

interface Imported {
  format: ImportFormat;
  first: ImportReport;
  again: ImportReport;
  items: Item[];
  /** The titles of the collection's items with this status, found by the list's filter. */
  withStatus: (status: string) => Promise<string[]>;
}

/** Reads the file as the browser does, imports it twice into a new books collection, every field kept. */
async function importTwice(text: string, name: string): Promise<Imported> {
  const format = detectFormat(text);
  const head = readHead(format, text, csvOptionsOf(format, text));
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
  // New properties take the settings the program's fields carry (statuses filterable), as the import screen sends them.
  const planned = planFor(format, head.fields);
  const plan = {
    ...planned,
    fields: planned.fields.map((f, i) => (f.create ? { ...f, create: { ...f.create, settings: head.fields[i]!.settings ?? null } } : f)),
  };
  const first = await runImport(owner.token, c.id, text, name, plan);
  const again = await runImport(owner.token, c.id, text, name, { ...plan, fields: plan.fields.map((f) => ({ ...f, create: null })) });
  const withStatus = async (status: string) =>
    (await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?f.x_status=${status}`, owner.token)).items
      .map((i) => String(i.title))
      .sort();
  const { properties } = await getJson<{ properties: { key: string; filterable: boolean }[] }>(
    `/api/v1/collections/${c.id}/properties`,
    owner.token,
  );
  // A status made a property a collector can filter on.
  if (head.fields.some((f) => f.key === 'status')) expect(properties.find((p) => p.key === 'x_status')?.filterable).toBe(true);
  return { format, first, again, items: await itemsOf(owner.token, c.id), withStatus };
}

/** What every import of these files must be: all records added once, nothing failed, the second run unchanged. */
function expectWhole({ first, again }: Imported, records: number) {
  expect(first).toMatchObject({ status: 'done', total: records, counts: { added: records, failed: 0 } });
  expect(again.counts).toMatchObject({ added: 0, updated: 0, unchanged: records, failed: 0 });
}

const titled = (items: Item[], title: string) => items.find((i) => i.values.title === title)!.values;

describe('book programs recognised by their header', () => {
  it('StoryGraph: quarter-star ratings to halves, read status and Owned? as statuses, the ISBN/UID as the id', async () => {
    const run = await importTwice(storygraph, 'storygraph.csv');
    expect(run.format).toBe('storygraph');
    expectWhole(run, 3);
    expect(titled(run.items, 'The Left Hand of Darkness')).toEqual({
      title: 'The Left Hand of Darkness',
      authors: ['Ursula K. Le Guin'],
      x_contributors: ['Charlie Jane Anders (Introduction)'],
      isbn: '9780441478125',
      format: 'paperback',
      read: true,
      x_status: ['read', 'owned'],
      rating: 4.5,
      x_date_added: '2023-04-02',
      x_date_read: '2023-05-20',
      x_dates_read: '2023/05/01-2023/05/20',
      x_read_count: 1,
      x_moods: ['reflective', 'adventurous'],
      x_pace: 'medium',
      x_driven: 'Character',
      x_review: 'Cold, and warm.',
      x_content_warnings: 'Violence',
      x_content_warning_description: 'Graphic: Violence',
      x_tags: ['classics', 'sci-fi'],
    });
    expect(await run.withStatus('owned')).toEqual(['The Left Hand of Darkness']);
    expect(await run.withStatus('to-read')).toEqual(['Always Coming Home']);
    // A StoryGraph UID is no ISBN; a book abandoned is did-not-finish.
    expect(titled(run.items, 'A Book Without ISBN')).toMatchObject({ read: false, x_status: ['did-not-finish'], rating: 2.5 });
    expect(titled(run.items, 'A Book Without ISBN').isbn).toBeUndefined();
  });

  it('Calibre: uuid as the id, identifiers for the ISBN, HTML comments as text, the unknown 0101 date left out', async () => {
    const run = await importTwice(calibre, 'books.csv');
    expect(run.format).toBe('calibre');
    expectWhole(run, 2);
    expect(titled(run.items, "That Ain't Witchcraft")).toEqual({
      title: "That Ain't Witchcraft",
      authors: ['Seanan McGuire'],
      isbn: '9780756411800',
      publisher: 'Daw Books',
      year: 2019,
      series: 'InCryptid',
      series_number: 8,
      language: 'eng',
      summary: 'The eighth InCryptid book.\n\nMagic & mayhem.',
      rating: 4,
      x_tags: ['Cryptids', 'Fantasy'],
      x_formats: ['epub', 'mobi'],
      x_identifiers: ['goodreads:39077187', 'isbn:9780756411800'],
      x_date_added: '2021-01-19',
    });
    const omens = titled(run.items, 'Good Omens');
    expect(omens.authors).toEqual(['Terry Pratchett', 'Neil Gaiman']);
    expect(omens.year).toBeUndefined();
    expect(omens.series_number).toBeUndefined();
  });

  it('LibraryThing TSV: the JSON export’s fields, names first name first, bracketed dates and ISBNs, collections as statuses', async () => {
    const run = await importTwice(librarythingTsv, 'librarything.tsv');
    expect(run.format).toBe('librarything_csv');
    expectWhole(run, 2);
    expect(titled(run.items, 'Marelle')).toEqual({
      title: 'Marelle',
      authors: ['Julio Cortazar'],
      isbn: '9782070291342',
      year: 1979,
      x_publication: 'Gallimard (1979), Poche',
      pages: 590,
      language: 'French',
      format: 'Broché',
      rating: 4.5,
      x_tags: ['roman', 'espagnol'],
      x_collections: ['Your library'],
      x_review: "chef d'oeuvre",
      x_comments: 'A reread',
      x_entered: '2006-08-09',
      x_copies: 1,
      read: true,
      x_status: ['owned', 'read'],
      x_date_started: '2007-04-16',
      x_date_read: '2007-05-08',
    });
    expect(titled(run.items, 'Le Maître et Marguerite')).toMatchObject({
      authors: ['Mikhaïl Boulgakov'],
      isbn: '2266062328',
      x_status: ['wishlist'],
    });
  });

  it('LibraryThing’s older CSV is the same program', async () => {
    const run = await importTwice(librarythingCsv, 'librarything.csv');
    expect(run.format).toBe('librarything_csv');
    expectWhole(run, 1);
    expect(run.items[0]!.values).toMatchObject({
      title: 'Marelle',
      authors: ['Julio Cortazar'],
      isbn: '9782070291342',
      rating: 4.5,
      read: true,
      x_status: ['owned', 'read'],
    });
  });

  it('BookWyrm: remote_id as the id, shelves as statuses, other catalogues’ ids kept', async () => {
    const run = await importTwice(bookwyrm, 'bookwyrm.csv');
    expect(run.format).toBe('bookwyrm');
    expectWhole(run, 3);
    expect(titled(run.items, 'Ottolenghi Simple')).toEqual({
      title: 'Ottolenghi Simple',
      authors: ['Yotam Ottolenghi'],
      isbn: '9780449017036',
      rating: 4,
      read: false,
      x_shelf: 'Cooking',
      x_date_added: '2024-08-10',
      x_date_started: '2022-08-10',
      x_date_read: '2022-10-10',
      x_review_name: 'Too much tahini',
      x_review: '...in his hummus',
      x_identifiers: ['openlibrary:OL43065148M'],
      x_link: 'https://example.com/book/2',
    });
    expect(titled(run.items, 'The Blue Bedspread')).toMatchObject({ read: true, x_status: ['read'], rating: 5 });
    expect(titled(run.items, '我穿我自己')).toMatchObject({ read: false, x_status: ['to-read'] });
  });

  it('Openreads: statuses and the "owned" tag, readings as first start and last finish, ids from the ISBN or title', async () => {
    const run = await importTwice(openreads, 'openreads.csv');
    expect(run.format).toBe('openreads');
    expectWhole(run, 3);
    expect(titled(run.items, 'Permanent Record')).toEqual({
      title: 'Permanent Record',
      authors: ['Edward Snowden'],
      summary: 'The story of his life.\n\nIn two paragraphs.',
      isbn: '9781529035650',
      pages: 432,
      year: 2019,
      format: 'hardcover',
      rating: 4.5,
      read: true,
      x_status: ['read', 'owned'],
      x_favourite: true,
      x_deleted: false,
      x_tags: ['owned', 'memoir'],
      x_olid: 'OL27260330M',
      x_review: 'Worth it',
      x_notes: 'Signed copy',
      x_date_started: '2023-10-27',
      x_date_read: '2024-02-20',
      x_date_added: '2024-03-01',
    });
    // One author written "Last, First" stays one author.
    expect(titled(run.items, 'The road to winter')).toMatchObject({
      authors: ['Smith, Mark'],
      x_status: ['did-not-finish'],
      x_date_started: '2024-01-02',
    });
  });

  it('Inventaire: each item owned, its address as the id, ISBNs without hyphens', async () => {
    const run = await importTwice(inventaire, 'inventaire.csv');
    expect(run.format).toBe('inventaire');
    expectWhole(run, 2);
    expect(titled(run.items, 'Godel, Escher, Bach')).toEqual({
      title: 'Godel, Escher, Bach',
      subtitle: 'An Eternal Golden Braid',
      authors: ['Douglas Hofstadter'],
      isbn: '9780140289206',
      publisher: 'Penguin',
      year: 2000,
      pages: 777,
      language: 'English',
      genre: ['popular science'],
      x_status: ['owned'],
      x_shelves: ['Science', 'Favourites'],
      x_transaction: 'lending',
      x_visibility: 'public',
      x_details: 'first printing',
      x_notes: 'on the top shelf',
      x_date_added: '2019-03-26',
      x_link: 'https://inventaire.io/entity/isbn:9780140289206',
    });
  });

  it('Inventaire’s export with unprefixed columns (title, ISBN-13, Authors…) is the same program', async () => {
    const run = await importTwice(inventaireShort, 'inventaire.csv');
    expect(run.format).toBe('inventaire');
    expectWhole(run, 1);
    expect(run.items[0]!.values).toMatchObject({
      title: 'L’Étranger'.replace('’', "'"),
      authors: ['Albert Camus'],
      isbn: '9782070360024',
      year: 1972,
      pages: 185,
      x_notes: 'Annotated',
      x_transaction: 'giving',
    });
  });

  it('Book Catalogue: authors and series details split, bookshelves as statuses, read and signed on the template', async () => {
    const run = await importTwice(bookCatalogue, 'export.csv');
    expect(run.format).toBe('book_catalogue');
    expectWhole(run, 2);
    expect(titled(run.items, 'Good Omens')).toEqual({
      title: 'Good Omens',
      authors: ['Terry Pratchett', 'Neil Gaiman'],
      isbn: '9780060853983',
      publisher: 'William Morrow',
      year: 2006,
      series: 'Good Omens',
      series_number: 1,
      pages: 432,
      format: 'Paperback',
      language: 'English',
      genre: ['Fantasy'],
      summary: 'An angel and a demon.',
      rating: 4.5,
      read: false,
      signed: true,
      x_status: ['wishlist'],
      x_shelves: ['Default', 'Wishlist'],
      x_date_added: '2012-04-01',
      x_notes: 'Gift',
      x_location: 'Box 3',
      x_loaned_to: 'Alex',
      x_list_price: '9.99',
      x_goodreads_id: '12067',
    });
    expect(titled(run.items, 'Dune')).toMatchObject({
      read: true,
      x_status: ['read'],
      x_date_started: '2011-01-02',
      x_date_read: '2011-02-03',
    });
  });

  it('Book Catalogue’s unquoted header with bookshelf_text is the same program', async () => {
    const run = await importTwice(bookCatalogueUnquoted, 'export.csv');
    expect(run.format).toBe('book_catalogue');
    expectWhole(run, 1);
    expect(run.items[0]!.values).toMatchObject({ authors: ['Ursula K. Le Guin'], series: 'Earthsea', x_status: ['currently-reading'] });
    // 0 is Book Catalogue's "not rated".
    expect(run.items[0]!.values.rating).toBeUndefined();
  });

  it('Open Library reading log: only ids, kept as the reference and the title, and the preview says so', async () => {
    expect(readHead('openlibrary', openlibrary, csvOptionsOf('openlibrary', openlibrary)).idsOnly).toBe(true);
    const run = await importTwice(openlibrary, 'reading-log.csv');
    expect(run.format).toBe('openlibrary');
    expectWhole(run, 3);
    expect(titled(run.items, 'OL7798182M')).toEqual({
      title: 'OL7798182M',
      read: true,
      x_status: ['read'],
      x_work_id: 'OL361393W',
      x_edition_id: 'OL7798182M',
    });
    expect(titled(run.items, 'OL102749W')).toEqual({
      title: 'OL102749W',
      read: false,
      x_status: ['currently-reading'],
      x_work_id: 'OL102749W',
    });
  });
});

describe('Goodreads exports of every kind', () => {
  const dune = {
    title: 'Dune',
    authors: ['Frank Herbert'],
    isbn: '9780441172719',
    publisher: 'Ace Books',
    format: 'Paperback',
    pages: 896,
    year: 1965,
    rating: 5,
    read: true,
    x_date_read: '2023-01-15',
    x_date_added: '2022-12-01',
    x_copies: 1,
  };

  it('the 2013 header (with purchases): shelves as statuses, owned copies as owned', async () => {
    const run = await importTwice(goodreads2013, 'goodreads_library_export.csv');
    expect(run.format).toBe('goodreads');
    expectWhole(run, 2);
    expect(titled(run.items, 'Dune')).toEqual({
      ...dune,
      x_status: ['read', 'owned'],
      x_shelves: ['favorites', 'owned-books'],
      x_review: 'A desert planet.',
      x_notes: 'Lent to Sam',
    });
    expect(titled(run.items, 'The Alchemist')).toMatchObject({
      authors: ['Paulo Coelho', 'Alan R. Clarke'],
      read: false,
      x_status: ['did-not-finish'],
    });
    expect(titled(run.items, 'The Alchemist').rating).toBeUndefined();
  });

  it('the 2025 header (without the average rating)', async () => {
    const run = await importTwice(goodreads2025, 'goodreads_library_export.csv');
    expectWhole(run, 1);
    expect(run.items[0]!.values).toMatchObject({
      title: 'The Hobbit',
      isbn: '9780618260300',
      year: 1937,
      rating: 4,
      x_status: ['currently-reading'],
    });
  });

  it('cells padded with spaces, quoted values among them', async () => {
    const run = await importTwice(goodreadsPadded, 'goodreads.csv');
    expect(run.format).toBe('goodreads');
    expectWhole(run, 2);
    expect(titled(run.items, 'Dune')).toEqual({ ...dune, x_status: ['read', 'owned'] });
    expect(titled(run.items, 'The Hobbit')).toMatchObject({
      authors: ['J.R.R. Tolkien'],
      read: false,
      x_status: ['to-read'],
      x_shelves: ['to-read'],
    });
  });

  it('without its header row: recognised by its cells, every row a book, the same items as with the header', async () => {
    const run = await importTwice(goodreadsHeaderless, 'goodreads.csv');
    expect(run.format).toBe('goodreads');
    expectWhole(run, 2);
    expect(titled(run.items, 'Dune')).toEqual({ ...dune, x_status: ['read', 'owned'] });
    expect(titled(run.items, 'The Hobbit')).toMatchObject({ isbn: '9780618260300', x_status: ['to-read'] });
  });
});
