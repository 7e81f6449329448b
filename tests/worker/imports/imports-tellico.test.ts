// Tellico's files of every collection type (1–13), those that declare only the standard field set,
// tables with all their columns, field names Tellico rewrites, and Bookcase's files of syntax 3 and 5:
// read by the shared readers, and imported through the API and the Workflow twice.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectFormat, readHead, readRecords } from '@shared/import/formats';
import { TELLICO_DEFAULTS } from '@shared/import/tellico-defaults';
import type { ImportHead } from '@shared/import/records';
import { itemsOf, planFor, runImport } from '../../support/worker-imports';
import { call, createUser } from '../../support/worker-app';
import { createCollection } from '../../support/worker-catalogue';
import musicDefault from '../../fixtures/imports/tellico/music-default.xml?raw';
import coins from '../../fixtures/imports/tellico/coins-v10.xml?raw';
import bookcase3 from '../../fixtures/imports/tellico/books-bookcase-v3.bc?raw';
import bookcase5 from '../../fixtures/imports/tellico/books-bookcase-v5.xml?raw';

const CSV = { delimiter: ',', quote: '"', header: true } as const;
/** Runs through the Workflow, twice: slower than one read when the machine is busy. */
const E2E_TIMEOUT = 30_000;

function read(text: string) {
  expect(detectFormat(text)).toBe('tellico');
  const head = readHead('tellico', text, CSV);
  const { records } = readRecords(head, CSV, text.slice(head.start), 50, true, 1);
  return { head, records };
}

const keys = (head: ImportHead) => head.fields.map((f) => f.key);

describe('Tellico collection types', () => {
  it.each(Object.keys(TELLICO_DEFAULTS))('type %s declared with _default alone: its standard fields, its entry read', (type) => {
    const text = `<?xml version="1.0" encoding="UTF-8"?><tellico xmlns="http://periapsis.org/tellico/" syntaxVersion="11"><collection title="C" type="${type}"><fields><field name="_default"/></fields><entry id="1"><title>One</title></entry></collection></tellico>`;
    const { head, records } = read(text);
    const standard = TELLICO_DEFAULTS[type]!.filter(([, , , flags]) => !(flags & 0x20)).map(([name]) => name);
    // A table filling a template's list (a film's cast) also keeps its whole rows beside it.
    expect(keys(head).filter((k) => !k.endsWith(':columns'))).toEqual(standard);
    expect(head.collectionType).toBe({ '2': 'books', '3': 'movies', '6': 'comics', '13': 'board_games' }[type] ?? null);
    expect(records).toHaveLength(1);
    if (standard.includes('title')) expect(records[0]!.values.title).toEqual(['One']);
  });

  it('music with _default and fields of its own: every field of an entry, tables with all their columns, names with ":" and "."', () => {
    const { head, records } = read(musicDefault);
    expect(head.collectionType).toBeNull();
    expect(head.fields.find((f) => f.key === 'track')).toMatchObject({ label: 'Tracks', type: 'text', multiple: true });
    expect(head.fields.find((f) => f.key === 'Disc-side')).toMatchObject({ label: 'Disc: side', type: 'text' });
    expect(head.fields.find((f) => f.key === 'cat.no')).toMatchObject({ label: 'Catalogue no.', type: 'text' });
    expect(records).toHaveLength(2);
    expect({ ...records[0]!.values }).toEqual({
      title: ['Kind of Blue'],
      medium: ['Compact Disc'],
      artist: ['Miles Davis'],
      label: ['Columbia'],
      year: ['1959'],
      genre: ['Jazz', 'Modal'],
      track: ['So What :: Miles Davis :: 9:22', 'Freddie Freeloader :: Miles Davis :: 9:46'],
      rating: ['5'],
      pur_date: ['2019-04-01'],
      gift: ['true'],
      pur_price: ['12 EUR'],
      keyword: ['favourite'],
      cover: ['kind-of-blue.png'],
      comments: ['Remastered.'],
      'Disc-side': ['A'],
      'cat.no': ['CK 64935'],
      cdate: ['2020-01-05'],
      mdate: ['2021-02-06'],
    });
    expect({ ...records[1]!.values }).toEqual({ title: ['Blue Train'], artist: ['John Coltrane'], year: ['1957'] });
  });

  it('a table filling a template list (a film’s cast) gives the first column there, the whole rows beside it', () => {
    const text = `<?xml version="1.0" encoding="UTF-8"?><tellico xmlns="http://periapsis.org/tellico/" syntaxVersion="11"><collection title="Films" type="3"><fields>
      <field name="title" title="Title" type="1" flags="8"/>
      <field name="cast" title="Cast" type="8" flags="3"><prop name="column1">Actor/Actress</prop><prop name="column2">Role</prop><prop name="columns">2</prop></field>
      <field name="track" title="Scenes" type="8" flags="0"/>
    </fields><entry id="1"><title>Alien</title>
      <casts><cast><column>Sigourney Weaver</column><column>Ripley</column></cast><cast><column>Tom Skerritt</column><column>Dallas</column></cast><cast><column>Bolaji Badejo</column></cast></casts>
      <tracks><track><column>Opening</column><column>2:00</column></track></tracks>
    </entry></collection></tellico>`;
    const { head, records } = read(text);
    expect(head.fields.filter((f) => f.key.startsWith('cast'))).toMatchObject([
      { key: 'cast', label: 'Cast', target: 'cast', multiple: true },
      { key: 'cast:columns', label: 'Cast (Actor/Actress :: Role)', multiple: true },
    ]);
    expect(head.fields.find((f) => f.key === 'cast:columns')!.target).toBeUndefined();
    expect({ ...records[0]!.values }).toEqual({
      title: ['Alien'],
      cast: ['Sigourney Weaver', 'Tom Skerritt', 'Bolaji Badejo'],
      'cast:columns': ['Sigourney Weaver :: Ripley', 'Tom Skerritt :: Dallas', 'Bolaji Badejo'],
      // A table no template list takes keeps its rows whole.
      track: ['Opening :: 2:00'],
    });
  });

  it('coins of syntax 10: each declared field', () => {
    const { head, records } = read(coins);
    expect(keys(head)).toEqual(['title', 'type', 'denomination', 'year', 'country', 'grade', 'gift', 'obverse', 'comments']);
    expect(head.fields.find((f) => f.key === 'obverse')).toMatchObject({ type: 'image' });
    expect({ ...records[0]!.values }).toEqual({
      title: ['1921 Morgan Dollar'],
      type: ['Morgan'],
      denomination: ['$1'],
      year: ['1921'],
      country: ['USA'],
      grade: ['MS-63'],
      gift: ['true'],
      obverse: ['obverse-1921.jpeg'],
      comments: ['From grandfather.'],
    });
  });

  it(
    'imports music declared with _default into a collection of its own, and a second run changes nothing',
    async () => {
      const owner = await createUser();
      const c = await createCollection(owner.token, { name: 'Music' });
      const plan = planFor('tellico', read(musicDefault).head.fields);
      const report = await runImport(owner.token, c.id, musicDefault, 'music.xml', plan);
      expect(report).toMatchObject({ status: 'done', format: 'tellico', total: 2, counts: { added: 2, failed: 0 } });
      const byTitle = new Map((await itemsOf(owner.token, c.id, null)).map((item) => [item.values.x_title, item]));
      expect(byTitle.get('Kind of Blue')!.values).toMatchObject({
        x_track: ['So What :: Miles Davis :: 9:22', 'Freddie Freeloader :: Miles Davis :: 9:46'],
        x_rating: 5,
        x_gift: true,
        x_disc_side: 'A',
        x_cat_no: 'CK 64935',
        x_genre: ['Jazz', 'Modal'],
      });
      expect(byTitle.get('Blue Train')!.values).toMatchObject({ x_artist: ['John Coltrane'], x_year: 1957 });
      const again = await runImport(owner.token, c.id, musicDefault, 'music.xml', {
        ...plan,
        fields: plan.fields.map((f) => ({ ...f, create: null })),
      });
      expect(again.counts).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    },
    E2E_TIMEOUT,
  );
});

describe('Bookcase, Tellico’s predecessor', () => {
  it('syntax 3: <attributes>, entries named after the unit, checkboxes as empty elements', () => {
    const { head, records } = read(bookcase3);
    expect(head.collectionType).toBe('books');
    expect(keys(head)).toEqual(['title', 'author', 'pub_year', 'signed', 'read', 'comments']);
    expect(records.map((r) => ({ ...r.values }))).toEqual([
      { title: ['The Hobbit'], author: ['J. R. R. Tolkien'], pub_year: ['1937'], signed: ['true'], comments: ['First edition reprint.'] },
      { title: ['Good Omens'], author: ['Terry Pratchett', 'Neil Gaiman'], read: ['true'] },
    ]);
  });

  it(
    'imports syntax 3 into a books collection, and syntax 5 zipped as bookcase.xml, each twice',
    async () => {
      const owner = await createUser();
      const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
      const plan = planFor('tellico', read(bookcase3).head.fields);
      expect((await runImport(owner.token, c.id, bookcase3, 'books.bc', plan)).counts).toMatchObject({ added: 2, failed: 0 });
      const [omens, hobbit] = await itemsOf(owner.token, c.id);
      expect(hobbit!.values).toMatchObject({ title: 'The Hobbit', authors: ['J. R. R. Tolkien'], year: 1937, signed: true });
      expect(omens!.values).toMatchObject({ title: 'Good Omens', authors: ['Terry Pratchett', 'Neil Gaiman'], read: true });
      const reuse = { ...plan, fields: plan.fields.map((f) => ({ ...f, create: null })) };
      expect((await runImport(owner.token, c.id, bookcase3, 'books.bc', reuse)).counts).toMatchObject({ added: 0, unchanged: 2 });

      const other = await createCollection(owner.token, { name: 'More books', type: 'books' });
      const zip = zipSync({ 'bookcase.xml': strToU8(bookcase5) });
      const zipPlan = planFor('tellico', read(bookcase5).head.fields);
      expect((await runImport(owner.token, other.id, zip, 'books.bc', zipPlan)).counts).toMatchObject({ added: 2, failed: 0 });
      const [dune, emma] = await itemsOf(owner.token, other.id);
      expect(dune!.values).toMatchObject({ title: 'Dune', authors: ['Frank Herbert'], read: true });
      expect(emma!.values).toMatchObject({ title: 'Emma', authors: ['Jane Austen'] });
      expect((await runImport(owner.token, other.id, zip, 'books.bc', zipPlan)).counts).toMatchObject({ added: 0, unchanged: 2 });
    },
    E2E_TIMEOUT,
  );
});

describe('Tellico pictures inside the XML', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4]);
  /** A JPEG larger than a step's window of the file once in base64 (256 KB). */
  const BIG_JPEG = (() => {
    const bytes = new Uint8Array(400 * 1024);
    bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
    for (let i = 12; i < bytes.length; i += 1) bytes[i] = (i * 31) & 0xff;
    return bytes;
  })();
  const base64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join('')).replace(/.{76}/g, '$&\n');
  const file = (entries: string, images: string) => `<?xml version="1.0" encoding="UTF-8"?>
<tellico xmlns="http://periapsis.org/tellico/" syntaxVersion="11">
 <collection title="Books" type="2">
  <fields><field name="_default"/></fields>
  ${entries}
  <images>
${images}
  </images>
 </collection>
</tellico>`;

  async function pictureOf(token: string, value: unknown) {
    const res = await call(`/media/${String(value).slice('media://'.length)}`, { token });
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  }

  it(
    'keeps each embedded picture as its entry’s cover, a large one too, and a second run changes nothing',
    async () => {
      const xml = file(
        `<entry id="1"><title>Dune</title><cover>DUNE.png</cover></entry>
  <entry id="2"><title>Emma</title><cover>emma.jpeg</cover></entry>
  <entry id="3"><title>Ulysses</title><cover>missing.png</cover></entry>`,
        `   <image format="PNG" id="DUNE.png" width="1" height="1">${base64(PNG)}</image>
   <image format="JPEG" id="emma.jpeg" width="1" height="1">${base64(BIG_JPEG)}</image>
   <image format="PNG" id="broken.png">not base64 at all!</image>`,
      );
      const owner = await createUser();
      const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
      const plan = {
        format: 'tellico' as const,
        fields: [
          { field: 'title', property: 'title' },
          { field: 'cover', property: 'cover' },
        ],
      };
      const report = await runImport(owner.token, c.id, xml, 'books.xml', plan);
      expect(report).toMatchObject({ status: 'done', total: 3, counts: { added: 3, failed: 0 } });
      const [dune, emma, ulysses] = await itemsOf(owner.token, c.id);
      expect(await pictureOf(owner.token, dune!.values.cover)).toEqual(PNG);
      expect(await pictureOf(owner.token, emma!.values.cover)).toEqual(BIG_JPEG);
      expect(ulysses!.values.cover).toBeUndefined();
      expect((await runImport(owner.token, c.id, xml, 'books.xml', plan)).counts).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
    },
    E2E_TIMEOUT,
  );

  it(
    'a single entry with a picture larger than a window is imported, not refused',
    async () => {
      const xml = file(
        '<entry id="1"><title>Emma</title><cover>emma.jpeg</cover></entry>',
        `<image format="JPEG" id="emma.jpeg">${base64(BIG_JPEG)}</image>`,
      );
      const owner = await createUser();
      const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
      const report = await runImport(owner.token, c.id, xml, 'emma.xml', {
        format: 'tellico',
        fields: [
          { field: 'title', property: 'title' },
          { field: 'cover', property: 'cover' },
        ],
      });
      expect(report).toMatchObject({ status: 'done', total: 1, counts: { added: 1 } });
      expect(await pictureOf(owner.token, (await itemsOf(owner.token, c.id))[0]!.values.cover)).toEqual(BIG_JPEG);
    },
    E2E_TIMEOUT,
  );
});
