// Delicious Library (version 1's XML, versions 2 and 3's property list) and Alexandria (a YAML book, or a
// zip of the library folder) imported through the API and the Workflow: the fitting template, every field
// of a record, the program's id as reference (a second run changes nothing), covers from the zip; and
// what is refused (a binary property list, other YAML, an alias bomb).
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ALEXANDRIA_FIELDS } from '@shared/import/alexandria';
import { deliciousFields } from '@shared/import/delicious';
import { detectFormat, readHead } from '@shared/import/formats';
import { sniffCsv } from '@shared/import/csv';
import type { ImportPlanInput } from '@shared/schemas/imports';
import { itemsOf as items, planFor, runImport as run, startImport as start } from '../../support/worker-imports';
import { call, createUser } from '../../support/worker-app';
import { createCollection } from '../../support/worker-catalogue';
import libraryV1 from '../../fixtures/imports/delicious/library-v1.xml?raw';
import libraryV2 from '../../fixtures/imports/delicious/library-v2.plist?raw';
import hallowedHunt from '../../fixtures/imports/alexandria/0060574623.yaml?raw';
import lifeTogether from '../../fixtures/imports/alexandria/0060608536.yaml?raw';
import noIsbn from '../../fixtures/imports/alexandria/g1234567890.yaml?raw';

/** A picture as a JPEG shows itself by content (its first bytes), with some bytes after. */
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 9, 8, 7, 6, 5, 4, 3, 2]);

/** A second run finds the same items again: nothing to create, nothing changed. */
const again = (plan: ImportPlanInput): ImportPlanInput => ({ ...plan, fields: plan.fields.map((f) => ({ ...f, create: null })) });

/** The item of that title (and kind, when two share it). */
const find = (list: Awaited<ReturnType<typeof items>>, title: string, kind?: string) =>
  list.find((i) => i.values.title === title && (kind === undefined || i.values.x_kind === kind))!;

const headOf = (text: string) => {
  const format = detectFormat(text);
  return readHead(format, text, sniffCsv(text));
};

async function refusal(file: Uint8Array | string, name: string, plan: ImportPlanInput) {
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Library', type: 'books' });
  const res = await start(owner.token, c.id, file, name, plan);
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: { details: { fields: { reason: string; message: string }[] } } };
  return body.error.details.fields[0]!;
}

describe('Delicious Library', () => {
  it('recognises version 1 XML and the property list, each with the template of its first item', () => {
    expect(headOf(libraryV1)).toMatchObject({ format: 'delicious', collectionType: 'books' });
    expect(headOf(libraryV2)).toMatchObject({ format: 'delicious_plist', collectionType: 'movies' });
    // A kind without a template (music, games, gadgets…) makes a collection of its own.
    const music = libraryV1.replace('<items>', '<items>\n<music title="Kind of Blue" artist="Miles Davis" uuid="M-1"/>');
    expect(headOf(music)).toMatchObject({ format: 'delicious', collectionType: null });
  });

  it('imports version 1 XML in a zip with its covers: every kind, every field, then a second run changes nothing', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
    const plan = { ...planFor('delicious', deliciousFields('books')), covers: false };
    const zip = () =>
      zipSync({
        'Delicious Library/Library Media Data.xml': strToU8(libraryV1),
        'Delicious Library/Images/Large Covers/791C86FD-7051-4ADA-93F0-2711030936E3': JPEG,
      });
    const report = await run(owner.token, c.id, zip(), 'library.zip', plan);
    expect(report).toMatchObject({ status: 'done', format: 'delicious', total: 3, counts: { added: 3, failed: 0 } });
    const all = await items(owner.token, c.id);
    const [lost, film, mess] = [
      find(all, 'Lost in Translation', 'book'),
      find(all, 'Lost in Translation', 'movie'),
      find(all, 'The White House Mess'),
    ];
    expect(lost!.values).toEqual({
      title: 'Lost in Translation',
      authors: ['Nicole Mones', 'Robby Stephenson'],
      publisher: 'Delacorte Press',
      year: 1998,
      pages: 384,
      format: 'Hardcover',
      genre: ['United States', 'Contemporary & Literary'],
      series: 'Mones Novels',
      series_number: 1,
      isbn: '0385319347',
      rating: 4.5,
      summary: 'A first novel set in Beijing: Lost in Translation.\nThe interpreter’s search.',
      cover: expect.stringMatching(new RegExp(`^media://collections/${c.id}/[0-9a-f]{64}\\.jpg$`)),
      x_published: '1998-08-17',
      x_upc: '9780385319348',
      x_asin: '0385319347',
      x_amazon_rating: 4,
      x_price: '$23.95',
      x_purchase_date: '2006-08-07',
      x_value: '$0.54',
      x_notes: 'Signed at the launch',
      x_kind: 'book',
    });
    const picture = await call(`/media/${String(lost!.values.cover).slice('media://'.length)}`, { token: owner.token });
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(JPEG);
    // The film comes into the same collection, its kind said; its director is its creator.
    expect(film!.values).toMatchObject({
      title: 'Lost in Translation',
      authors: ['Sofia Coppola'],
      year: 2004,
      x_kind: 'movie',
      x_cast: ['Bill Murray', 'Scarlett Johansson'],
      x_minutes: 102,
    });
    // An Amazon rating of 0 is none.
    expect(mess!.values).toMatchObject({ title: 'The White House Mess', isbn: '0140249281' });
    expect(mess!.values.x_amazon_rating).toBeUndefined();
    expect(mess!.values.cover).toBeUndefined();
    const second = await run(owner.token, c.id, zip(), 'library.zip', again(plan));
    expect(second.counts).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
  });

  it('imports the property list of versions 2 and 3 into movies, then a second run changes nothing', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Films', type: 'movies' });
    const plan = planFor('delicious_plist', deliciousFields('movies'));
    const zip = zipSync({
      'Library Media Data.plist': strToU8(libraryV2),
      'Images/Medium Covers/5A0F1C2E-3B4D-4E5F-8A9B-0C1D2E3F4A5B': JPEG,
    });
    const report = await run(owner.token, c.id, zip, 'library.zip', plan);
    expect(report).toMatchObject({ status: 'done', format: 'delicious_plist', total: 2, counts: { added: 2, failed: 0 } });
    const all = await items(owner.token, c.id);
    const [eight, lost] = [find(all, '8MM'), find(all, 'Lost in Translation')];
    expect(eight!.values).toMatchObject({
      title: '8MM',
      directors: ['Joel Schumacher'],
      cast: ['Nicolas Cage', 'Joaquin Phoenix'],
      year: 2000,
      runtime: 123,
      format: 'DVD',
      genre: ['Crime', 'Suspense'],
      barcode: '9780767821827',
      rating: 4,
      watched: true,
      poster: expect.stringMatching(/^media:\/\//),
      x_publisher: 'Sony Pictures',
      x_published: '2000-02-01',
      x_asin: '0767821823',
      x_amazon_rating: 3.5,
      x_price: '$14.94',
      x_purchase_date: '2007-12-18',
      x_value: '$1.02',
      x_signed: false,
      x_notes: 'Bought at the flea market',
      x_kind: 'movie',
    });
    // Pages of 0 and a rating of 0 are the program's "unknown".
    expect(eight!.values.x_pages).toBeUndefined();
    expect(lost!.values).toMatchObject({ title: 'Lost in Translation', directors: ['Sofia Coppola'], format: 'Blu-ray' });
    expect(lost!.values.rating).toBeUndefined();
    const second = await run(owner.token, c.id, zip, 'library.zip', again(plan));
    expect(second.counts).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
  });

  it('refuses a binary property list, saying to export XML', async () => {
    const binary = new Uint8Array([...strToU8('bplist00'), 0xd1, 0x01, 0x02, 0x53, 0x61, 0x62, 0x63, 0x00, 0x00, 0x00, 0x08]);
    const problem = await refusal(binary, 'Library Media Data.plist', planFor('delicious_plist', deliciousFields('movies')));
    expect(problem).toMatchObject({ reason: 'not_document' });
    expect(problem.message).toContain('export the library as XML');
  });
});

describe('Alexandria', () => {
  const plan = () => planFor('alexandria', ALEXANDRIA_FIELDS);

  it('imports a zip of the library folder with its covers: every field, then a second run changes nothing', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
    const zip = () =>
      zipSync({
        'alexandria/My Library/0060574623.yaml': strToU8(hallowedHunt),
        'alexandria/My Library/0060574623.cover': JPEG,
        'alexandria/My Library/0060608536.yaml': strToU8(lifeTogether),
        'alexandria/My Library/g1234567890.yaml': strToU8(noIsbn),
        'alexandria/.smart_libraries/Favorites.yaml': strToU8('--- !ruby/object:Alexandria::SmartLibrary\nname: Favorites\n'),
      });
    const report = await run(owner.token, c.id, zip(), 'My Library.zip', plan());
    expect(report).toMatchObject({ status: 'done', format: 'alexandria', total: 3, counts: { added: 3, failed: 0 } });
    const all = await items(owner.token, c.id);
    const [withoutIsbn, life, hunt] = [find(all, 'A book without an ISBN'), find(all, 'Life Together'), find(all, 'The Hallowed Hunt')];
    expect(hunt!.values).toEqual({
      title: 'The Hallowed Hunt',
      authors: ['Lois McMaster Bujold'],
      isbn: '0060574623',
      publisher: 'Eos',
      year: 2005,
      format: 'Hardback',
      rating: 4,
      read: true,
      cover: expect.stringMatching(new RegExp(`^media://collections/${c.id}/[0-9a-f]{64}\\.jpg$`)),
      x_notes: 'first line\nsecond line',
      x_tags: ['fantasy', 'signed'],
      x_own: true,
      x_want: false,
      x_loaned: true,
      x_loaned_to: 'Marie Curie',
      x_loaned_since: '2009-01-11',
    });
    const picture = await call(`/media/${String(hunt!.values.cover).slice('media://'.length)}`, { token: owner.token });
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(JPEG);
    // Rated 0 is not rated; a book not lent has no borrower.
    expect(life!.values).toMatchObject({
      title: 'Life Together',
      authors: ['Dietrich Bonhoeffer', 'My Other Author'],
      year: 1993,
      x_loaned: false,
    });
    expect(life!.values.rating).toBeUndefined();
    expect(life!.values.x_loaned_to).toBeUndefined();
    // "n/a" is Alexandria's unknown.
    expect(withoutIsbn!.values).toMatchObject({ title: 'A book without an ISBN', rating: 2 });
    expect(withoutIsbn!.values.format).toBeUndefined();
    const second = await run(owner.token, c.id, zip(), 'My Library.zip', again(plan()));
    expect(second.counts).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
  });

  it('imports one book file alone, found again by its ident from the zip', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
    expect((await run(owner.token, c.id, noIsbn, 'g1234567890.yaml', plan())).counts.added).toBe(1);
    const second = await run(owner.token, c.id, zipSync({ 'g1234567890.yaml': strToU8(noIsbn) }), 'library.zip', again(plan()));
    expect(second.counts).toMatchObject({ added: 0, unchanged: 1 });
  });

  it('still refuses other YAML; a book whose aliases would blow up fails its check, before any write', async () => {
    const other = await refusal('--- !ruby/object:Alexandria::SmartLibrary\nname: Favorites\nrules: []\n', 'smart.yaml', plan());
    expect(other).toMatchObject({ reason: 'not_document' });
    expect(other.message).toContain('YAML');
    const aliases = [
      'a: &a [x,x,x,x,x,x,x,x,x]',
      'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
      'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
      'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
    ];
    const bomb = `--- !ruby/object:Alexandria::Book\ntitle: Boom\n${aliases.join('\n')}\ntags: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n`;
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
    expect(await run(owner.token, c.id, bomb, 'bomb.yaml', plan())).toMatchObject({
      status: 'failed',
      error: 'invalid_yaml',
      counts: { added: 0 },
    });
    expect(await items(owner.token, c.id)).toHaveLength(0);
  });
});
