// The readers of programs' formats (shared/import), on small files written for these tests and on real
// files those programs made (the handbook's fixtures folder; skipped, saying so, when it is absent).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, readHead, readRecords } from '@shared/import/formats';
import { ImportFileError } from '@shared/import/errors';
import type { ImportHead, ImportRecord } from '@shared/import/records';
import { decodeText, detectEncoding } from '@shared/import/text';
import { isImageName, isZip } from '@shared/import/zip';
import { zipDocument } from '@shared/import/zip-document';
import { recordRef } from '@shared/import/mapping';
import { goodreadsRss } from '../../support/goodreads-rss-sample';

// The handbook's folder beside the repository (the suite runs from the repository's root).
const fixtures = resolve(process.cwd(), '../shared/fixtures') + '/';
const haveFixtures = existsSync(fixtures);
if (!haveFixtures) console.warn('import-formats: ../shared/fixtures is absent; the real files are skipped');

const NO_CSV = { delimiter: ',', quote: '"', header: true } as const;

/** Every record of a file, read in windows of `windowChars` as the Worker's steps do. */
export function readAll(bytes: Uint8Array, windowChars = 256 * 1024, limit = 50): { head: ImportHead; records: ImportRecord[] } {
  const document = isZip(bytes) ? zipDocument(bytes).bytes : bytes;
  const { text } = decodeText(document, detectEncoding(document));
  const format = detectFormat(text);
  const head = readHead(format, text, NO_CSV);
  const records: ImportRecord[] = [];
  let position = head.start;
  for (;;) {
    const window = text.slice(position, position + windowChars);
    const read = readRecords(head, NO_CSV, window, limit, position + windowChars >= text.length, head.firstRow + records.length);
    records.push(...read.records);
    position += read.used;
    if (read.done) return { head, records };
  }
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const problemOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ImportFileError) return err.problem;
    throw err;
  }
  return null;
};

const TELLICO = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tellico PUBLIC '-//Robby Stephenson/DTD Tellico V11.0//EN' 'http://periapsis.org/tellico/dtd/v11/tellico.dtd'>
<tellico xmlns="http://periapsis.org/tellico/" syntaxVersion="11">
 <collection title="Livres" type="2">
  <fields>
   <field title="Title" name="title" type="1" flags="8"/>
   <field title="Author" name="author" type="1" flags="7"/>
   <field title="Publication Year" name="pub_year" type="6" flags="2"/>
   <field title="Read" name="read" type="4" flags="0"/>
   <field title="Rating" name="rating" type="14" flags="2"/>
   <field title="Bought" name="bought" type="12" flags="0"/>
   <field title="Cover" name="cover" type="10" flags="0"/>
   <field title="ID" name="id" type="6" flags="32"/>
  </fields>
  <entry id="7">
   <title>L’Écume des jours &amp; autres</title>
   <authors><author>Boris Vian</author><author>Jean Dupont</author></authors>
   <pub_year>1947</pub_year>
   <read>true</read>
   <rating>4</rating>
   <bought calendar="gregorian"><year>2020</year><month>8</month><day>2</day></bought>
   <cover>abc.jpeg</cover>
  </entry>
  <entry id="8"><title><![CDATA[Le <Petit> Prince]]></title></entry>
  <images><image id="abc.jpeg" format="JPEG"/></images>
 </collection>
</tellico>`;

describe('XML formats', () => {
  it('reads Tellico: declared fields with their types, plural values, dates, CDATA and entities, in windows of any size', () => {
    for (const windowChars of [64 * 1024, 700]) {
      const { head, records } = readAll(utf8(TELLICO), windowChars, 1);
      expect(head.format).toBe('tellico');
      expect(head.collectionType).toBe('books');
      expect(head.fields.map((f) => [f.key, f.type, f.multiple, f.target])).toEqual([
        ['title', 'text', false, 'title'],
        ['author', 'text', true, 'authors'],
        ['pub_year', 'number', false, 'year'],
        ['read', 'yesno', false, 'read'],
        ['rating', 'rating', false, 'rating'],
        ['bought', 'date', false, undefined],
        ['cover', 'image', false, 'cover'],
      ]);
      expect(records).toEqual([
        {
          row: 1,
          id: '7',
          values: {
            title: ['L’Écume des jours & autres'],
            author: ['Boris Vian', 'Jean Dupont'],
            pub_year: ['1947'],
            read: ['true'],
            rating: ['4'],
            bought: ['2020-08-02'],
            cover: ['abc.jpeg'],
          },
        },
        { row: 2, id: '8', values: { title: ['Le <Petit> Prince'] } },
      ]);
    }
  });

  it('refuses XML that declares entities, damaged XML and XML cut short', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE tellico [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><tellico><collection type="2"><fields/><entry id="1"><title>&b;</title></entry></collection></tellico>`;
    expect(problemOf(() => readAll(utf8(bomb)))).toBe('xml_entities');
    const external = `<?xml version="1.0"?><!DOCTYPE tellico [<!ENTITY x SYSTEM "file:///etc/passwd">]><tellico><collection type="2"><entry id="1"><title>&x;</title></entry></collection></tellico>`;
    expect(problemOf(() => readAll(utf8(external)))).toBe('xml_entities');
    expect(problemOf(() => readAll(utf8(TELLICO.replace('</title>\n   <authors>', '</titl>\n   <authors>'))))).toBe('invalid_xml');
    expect(problemOf(() => readAll(utf8(TELLICO.slice(0, TELLICO.indexOf('<entry id="8">') + 30))))).toBe('invalid_xml');
    expect(problemOf(() => readAll(utf8('<?xml version="1.0"?><html><body/></html>')))).toBe('unknown_format');
  });

  it('reads GCstar: model fields aimed at the template, attributes, lists of lines, day-first dates, ratings out of 10', () => {
    const gcs = `<?xml version="1.0" encoding="UTF-8"?>
<collection type="GCbooks" items="1" version="1.7.0">
 <information><maxId>1</maxId></information>
 <userCollection><fields><field value="gcsfield1" label="Shelf" type="short text"/></fields></userCollection>
 <item id="1" title="Dune" isbn="978-0-441-01359-3" publication="01/08/1965" rating="7" read="1" added="31/03/2013" cover="/home/me/.local/share/gcstar/images/dune.jpg" gcsfield1="A3">
  <comments>First line&lt;br/&gt;second</comments>
  <authors><line><col>Herbert, Frank</col></line></authors>
  <genre><line><col>SF</col></line><line><col>Classic</col></line></genre>
 </item>
</collection>`;
    const { head, records } = readAll(utf8(gcs));
    expect(head.format).toBe('gcstar');
    expect(head.collectionType).toBe('books');
    expect(head.fields.find((f) => f.key === 'gcsfield1')).toMatchObject({ label: 'Shelf', type: 'text' });
    expect(records[0]).toMatchObject({
      id: '1',
      values: {
        title: ['Dune'],
        isbn: ['978-0-441-01359-3'],
        publication: ['1965'],
        rating: ['3.5'],
        read: ['1'],
        added: ['2013-03-31'],
        cover: ['dune.jpg'],
        comments: ['First line\nsecond'],
        authors: ['Herbert, Frank'],
        genre: ['SF', 'Classic'],
        gcsfield1: ['A3'],
      },
    });
  });

  it('reads a BoardGameGeek collection: players, time, halved ratings, statuses, the game page', () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?><items totalitems="1"><item objecttype="thing" objectid="13" subtype="boardgame" collid="5">
<name sortindex="1">Catan</name><yearpublished>1995</yearpublished><image>https://example.org/catan.png</image>
<stats minplayers="3" maxplayers="4" playingtime="120"><rating value="8"/></stats>
<status own="1" prevowned="0" wishlist="1"/><numplays>12</numplays></item>
<item objecttype="thing" objectid="14" subtype="boardgame" collid="6"><name>Unknown</name><yearpublished>0</yearpublished><stats minplayers="0"><rating value="N/A"/></stats></item></items>`;
    const { head, records } = readAll(utf8(xml));
    expect(head).toMatchObject({ format: 'bgg', collectionType: 'board_games' });
    // The collection's entry is the reference (two copies are two entries); the game's id finds items of older imports.
    expect(records[0]).toEqual({
      row: 1,
      id: 'collid:5',
      formerIds: ['13'],
      values: {
        title: ['Catan'],
        year: ['1995'],
        cover: ['https://example.org/catan.png'],
        players_min: ['3'],
        players_max: ['4'],
        play_time: ['120'],
        rating: ['4'],
        status: ['own', 'wishlist'],
        plays: ['12'],
        link: ['https://boardgamegeek.com/boardgame/13'],
      },
    });
    expect(records[1]!.values).toEqual({ title: ['Unknown'], link: ['https://boardgamegeek.com/boardgame/14'] });
  });
});

describe('a Goodreads shelf feed', () => {
  it.each([2_000, 3_000, 256 * 1024])("reads its books in windows of %i characters, with the export's references", (windowChars) => {
    const { head, records } = readAll(utf8(goodreadsRss()), windowChars, 1);
    expect(head.format).toBe('goodreads_rss');
    expect(head.collectionType).toBe('books');
    expect(records.map((r) => r.id)).toEqual(['44767458', '6969']);
    expect(records[0]!.values).toEqual({
      title: ['Dune (Dune, #1)'],
      authors: ['Frank Herbert'],
      isbn: ['0593099320'],
      cover: ['https://i.gr-assets.com/images/S/dune._SY475_.jpg'],
      pages: ['658'],
      year: ['1965'],
      rating: ['5'],
      shelves: ['favourites', 'sci-fi'],
      date_read: ['2025-12-01'],
      date_added: ['2025-12-10'],
      review: ['Spice & sand.'],
      description: ['Set on the desert planet Arrakis.<br />A stunning blend of adventure and mysticism.'],
    });
    // Not rated, no cover (Goodreads' placeholder), no shelves but the feed's own.
    expect(records[1]!.values).toEqual({
      title: ['Emma'],
      authors: ['Jane Austen'],
      pages: ['474'],
      year: ['1815'],
      date_added: ['2025-09-05'],
    });
    expect(recordRef('goodreads_rss', records[0]!, null)).toBe('goodreads:44767458');
  });
});

describe('JSON formats', () => {
  it('reads an OnMyShelf export: its properties as fields, values and lists, in windows of any size', () => {
    const json = JSON.stringify({
      id: 1,
      name: { en_US: 'Books' },
      owner: 1,
      type: 'books',
      visibility: 0,
      borrowable: 3,
      properties: {
        title: { type: 'text', multiple: 0, isTitle: 1, label: { en_US: 'Title' } },
        author: { type: 'text', multiple: 1, label: { en_US: 'Author', fr_FR: 'Auteur' } },
        pub_year: { type: 'number', multiple: 0, label: { en_US: 'Year' } },
        shelf: { type: 'strange', multiple: 0, label: { fr_FR: 'Étagère' } },
      },
      items: [
        { id: 10, properties: { title: 'Un "titre" {avec} [crochets]', author: ['A', 'B'], pub_year: 1999, shelf: 'B2' } },
        { id: 11, properties: { title: 'Deux' } },
      ],
    });
    for (const windowChars of [64 * 1024, 120]) {
      const { head, records } = readAll(utf8(json), windowChars, 1);
      expect(head.format).toBe('onmyshelf');
      expect(head.fields.map((f) => [f.key, f.label, f.type, f.multiple, f.target])).toEqual([
        ['title', 'Title', 'text', false, 'title'],
        ['author', 'Author', 'text', true, 'authors'],
        ['pub_year', 'Year', 'number', false, 'year'],
        ['shelf', 'Étagère', 'text', false, 'shelf'],
      ]);
      expect(records).toEqual([
        { row: 1, id: '10', values: { title: ['Un "titre" {avec} [crochets]'], author: ['A', 'B'], pub_year: ['1999'], shelf: ['B2'] } },
        { row: 2, id: '11', values: { title: ['Deux'] } },
      ]);
    }
  });

  it('refuses JSON cut short or damaged', () => {
    const json = JSON.stringify({
      owner: 1,
      visibility: 0,
      borrowable: 0,
      properties: {},
      items: [
        { id: 1, properties: {} },
        { id: 2, properties: {} },
      ],
    });
    expect(problemOf(() => readAll(utf8(json.slice(0, -12))))).toBe('invalid_json');
    expect(problemOf(() => readAll(utf8(json.replace('{"id":2', '{"id":2,,'))))).toBe('invalid_json');
  });
});

const fixture = (path: string) => new Uint8Array(readFileSync(fixtures + path));

describe.skipIf(!haveFixtures)('real files', () => {
  it('Tellico .tc zips: the books of format 11, 82 movies, and the entry naming its embedded cover', () => {
    const books = readAll(fixture('tellico/books-format11.xml'));
    expect(books.head.collectionType).toBe('books');
    expect(books.records.length).toBeGreaterThanOrEqual(2);
    expect(books.records[0]!.values).toMatchObject({
      title: ['my title1'],
      author: ['my author'],
      keyword: ['lots of keywords', 'another'],
      signed: ['true'],
      rating: ['3'],
    });
    const movies = readAll(fixture('tellico/movies-many.tc'), 16 * 1024, 7);
    expect(movies.head.collectionType).toBe('movies');
    expect(movies.records).toHaveLength(82);
    expect(movies.records.every((r) => (r.values.title?.length ?? 0) === 1)).toBe(true);
    const withImage = readAll(fixture('tellico/with-image.tc'));
    expect(withImage.records[0]!.values).toMatchObject({
      title: ['Catching Fire (The Second Book of the Hunger Games)'],
      cover: ['17b54b2a742c6d342a75f122d615a793.jpeg'],
    });
  });

  it('GCstar files: a book with every kind of user field, and board games', () => {
    const book = readAll(fixture('gcstar/test-book.gcs'));
    expect(book.head.collectionType).toBe('books');
    expect(book.records).toHaveLength(2);
    expect(book.records[0]!.values).toMatchObject({
      title: ['The Reason for God'],
      authors: ['Timothy Keller', 'author2'],
      rating: ['2'],
      gcsfield7: ['2013-10-16'],
    });
    const games = readAll(fixture('gcstar/test-boardgame.gcs'));
    expect(games.head.collectionType).toBe('board_games');
    expect(games.records[0]!.values).toMatchObject({
      name: ['Risk'],
      designedby: ['Albert Lamorisse', 'Michael I. Levin'],
      mechanics: ['Area Movement', 'Dice Rolling', 'Set Collection'],
    });
  });

  it('the BoardGameGeek collection of 455 games, in small windows', () => {
    const { records } = readAll(fixture('bgg/collection.xml'), 16 * 1024);
    expect(records).toHaveLength(455);
    expect(new Set(records.map((r) => r.id)).size).toBeGreaterThan(400);
    expect(records.every((r) => r.values.title?.length === 1)).toBe(true);
  });

  it('OnMyShelf exports and a LibraryThing export', () => {
    const books = readAll(fixture('onmyshelf/onmyshelf-books.json'), 3000, 1);
    expect(books.head.collectionType).toBe('books');
    expect(books.records[0]!.values).toMatchObject({ author: ['my author1', 'my author2'], title: ['title'], read: ['1'] });
    const games = readAll(fixture('onmyshelf/onmyshelf-boardgames.json'));
    expect(games.head.collectionType).toBe('board_games');
    const lt = readAll(fixture('librarything/librarything.json'), 4000, 1);
    expect(lt.records).toHaveLength(3);
    expect(lt.records[0]).toMatchObject({
      id: '190140345',
      values: { authors: ['Lee Eclov', 'Collin Hansen'], isbn: ['9780802418869'], year: ['2019'], format: ['Paperback'] },
    });
  });
});

describe('pictures of an archive', () => {
  it('pass over what a computer added to the folders: .DS_Store, Thumbs.db, desktop.ini, __MACOSX/ and ._ forks', () => {
    for (const name of ['images/cover.jpg', 'pictures/a.png', 'Export/images/b.webp', 'Images/Large Covers/ABC'])
      expect(isImageName(name), name).toBe(true);
    for (const name of [
      'pictures/.DS_Store',
      'pictures/Thumbs.db',
      'pictures/desktop.ini',
      '__MACOSX/images/._cover.jpg',
      'Export/__MACOSX/images/._b.jpg',
      'images/._cover.jpg',
    ]) {
      expect(isImageName(name), name).toBe(false);
    }
  });
});
