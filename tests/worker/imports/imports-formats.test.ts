// Imports of programs' formats through the API and the Workflow: a Tellico .tc zip with its cover, GCstar,
// BoardGameGeek and OnMyShelf files into collections of the fitting template, each run twice; and the
// bad files (zip bombs, damaged zips, XML declaring entities) refused before anything is written.
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ImportPlanInput } from '@shared/schemas/imports';
import type { ImportField } from '@shared/import/records';
import { BGG_FIELDS } from '@shared/import/bgg';
import { itemsOf as items, planFor, runImport as run, startImport as start } from '../../support/worker-imports';
import { call, createUser } from '../../support/worker-app';
import { createCollection, getJson } from '../../support/worker-catalogue';

/** A picture as a JPEG shows itself by content (its first bytes), with some bytes after. */
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 1, 2, 3, 4, 5, 6, 7, 8]);

const TELLICO = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tellico PUBLIC '-//Robby Stephenson/DTD Tellico V11.0//EN' 'http://periapsis.org/tellico/dtd/v11/tellico.dtd'>
<tellico xmlns="http://periapsis.org/tellico/" syntaxVersion="11">
 <collection title="Books" type="2">
  <fields>
   <field title="Title" name="title" type="1" flags="8"/>
   <field title="Author" name="author" type="1" flags="7"/>
   <field title="Publication Year" name="pub_year" type="6" flags="2"/>
   <field title="Read" name="read" type="4" flags="0"/>
   <field title="Cover" name="cover" type="10" flags="0"/>
   <field title="Shelf" name="shelf" type="1" flags="0"/>
  </fields>
  <entry id="1"><title>Dune</title><authors><author>Frank Herbert</author></authors><pub_year>1965</pub_year><read>true</read><cover>ABC123.jpeg</cover><shelf>A</shelf></entry>
  <entry id="2"><title>Good Omens</title><authors><author>Terry Pratchett</author><author>Neil Gaiman</author></authors><cover>missing.jpeg</cover></entry>
  <images><image id="abc123.jpeg" format="JPEG"/></images>
 </collection>
</tellico>`;

const tellicoZip = () =>
  zipSync({ 'tellico.xml': strToU8(TELLICO), 'images/abc123.jpeg': JPEG, 'images/notes.jpeg': strToU8('not a picture') });

const TELLICO_FIELDS: ImportField[] = [
  { key: 'title', label: 'Title', type: 'text', multiple: false, target: 'title' },
  { key: 'author', label: 'Author', type: 'text', multiple: true, target: 'authors' },
  { key: 'pub_year', label: 'Publication Year', type: 'number', multiple: false, target: 'year' },
  { key: 'read', label: 'Read', type: 'yesno', multiple: false, target: 'read' },
  { key: 'cover', label: 'Cover', type: 'image', multiple: false, target: 'cover' },
  { key: 'shelf', label: 'Shelf', type: 'text', multiple: false },
];

describe('Tellico', () => {
  it('imports a .tc zip into a books collection with its cover stored as media, and a second run changes nothing', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
    const plan = planFor('tellico', TELLICO_FIELDS);
    const report = await run(owner.token, c.id, tellicoZip(), 'books.tc', plan);
    expect(report).toMatchObject({ status: 'done', format: 'tellico', total: 2, counts: { added: 2, failed: 0 } });
    const [dune, omens] = await items(owner.token, c.id);
    expect(dune!.values).toMatchObject({ title: 'Dune', authors: ['Frank Herbert'], year: 1965, read: true, x_shelf: 'A' });
    // Named by its content: the same picture imported again is the same value.
    expect(dune!.values.cover).toMatch(new RegExp(`^media://collections/${c.id}/[0-9a-f]{64}\\.jpg$`));
    const picture = await call(`/media/${String(dune!.values.cover).slice('media://'.length)}`, { token: owner.token });
    expect(picture.status).toBe(200);
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(JPEG);
    // A picture the zip does not hold is left out; the book is imported.
    expect(omens!.values).toMatchObject({ title: 'Good Omens', authors: ['Terry Pratchett', 'Neil Gaiman'] });
    expect(omens!.values.cover).toBeUndefined();
    const again = await run(owner.token, c.id, tellicoZip(), 'books.tc', {
      ...plan,
      fields: plan.fields.map((f) => ({ ...f, create: null })),
    });
    expect(again.counts).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
  });

  it('reads the same file as plain XML (without its pictures)', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
    const report = await run(owner.token, c.id, TELLICO, 'books.xml', planFor('tellico', TELLICO_FIELDS));
    expect(report.counts.added).toBe(2);
    expect((await items(owner.token, c.id))[0]!.values.cover).toBeUndefined();
  });
});

describe('GCstar, BoardGameGeek and OnMyShelf', () => {
  it('imports a GCstar board games file: names, designers from a comma list, ratings halved', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Games', type: 'board_games' });
    const gcs = `<?xml version="1.0" encoding="UTF-8"?>
<collection type="GCboardgames" items="1" version="1.7.0"><information><maxId>1</maxId></information>
 <item id="1" name="Risk" designedby="Albert Lamorisse, Michael I. Levin" playingtime="120" suggestedage="10" released="1959" rating="7" completecontents="1">
  <mechanics><line><col>Dice Rolling</col></line><line><col>Area Movement</col></line></mechanics>
 </item>
</collection>`;
    const plan: ImportPlanInput = {
      format: 'gcstar',
      fields: [
        { field: 'name', property: 'title' },
        { field: 'designedby', property: 'designers' },
        { field: 'playingtime', property: 'play_time' },
        { field: 'suggestedage', property: 'age' },
        { field: 'released', property: 'year' },
        { field: 'rating', property: 'rating' },
        { field: 'completecontents', property: 'complete' },
        { field: 'mechanics', property: 'mechanics' },
      ],
    };
    const report = await run(owner.token, c.id, gcs, 'games.gcs', plan);
    expect(report.counts).toMatchObject({ added: 1, failed: 0 });
    expect((await items(owner.token, c.id))[0]!.values).toMatchObject({
      title: 'Risk',
      designers: ['Albert Lamorisse', 'Michael I. Levin'],
      play_time: 120,
      age: 10,
      year: 1959,
      rating: 3.5,
      complete: true,
      mechanics: ['Dice Rolling', 'Area Movement'],
    });
  });

  it('imports a BoardGameGeek collection: statuses and game pages in new properties, cover addresses left out when asked', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Games', type: 'board_games' });
    const xml = `<?xml version="1.0" encoding="utf-8"?><items totalitems="2">
<item objecttype="thing" objectid="13" subtype="boardgame" collid="1"><name sortindex="1">Catan</name><yearpublished>1995</yearpublished>
<image>https://example.org/catan.png</image><stats minplayers="3" maxplayers="4" playingtime="120"><rating value="8"/></stats><status own="1" wishlist="0"/></item>
<item objecttype="thing" objectid="822" subtype="boardgame" collid="2"><name sortindex="1">Carcassonne</name><stats minplayers="2" maxplayers="5"><rating value="N/A"/></stats><status own="0" wishlist="1"/></item>
</items>`;
    const report = await run(owner.token, c.id, xml, 'collection.xml', { ...planFor('bgg', BGG_FIELDS), covers: false });
    expect(report.counts).toMatchObject({ added: 2, failed: 0 });
    expect(report.covers).toBeNull();
    const [carcassonne, catan] = await items(owner.token, c.id);
    expect(catan!.values).toMatchObject({
      title: 'Catan',
      year: 1995,
      players_min: 3,
      players_max: 4,
      play_time: 120,
      rating: 4,
      x_status: ['own'],
    });
    expect(catan!.values.cover).toBeUndefined();
    expect(carcassonne!.values).toMatchObject({
      title: 'Carcassonne',
      x_status: ['wishlist'],
      x_link: 'https://boardgamegeek.com/boardgame/822',
    });
  });

  it('imports an OnMyShelf export by its properties', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
    const json = JSON.stringify({
      id: 6,
      owner: 1,
      type: 'books',
      visibility: 0,
      borrowable: 3,
      properties: {
        title: { type: 'text', isTitle: 1, multiple: 0 },
        author: { type: 'text', multiple: 1 },
        pub_year: { type: 'number', multiple: 0 },
      },
      items: [{ id: 1, properties: { title: 'Dune', author: ['Frank Herbert'], pub_year: '1965' } }],
    });
    const plan: ImportPlanInput = {
      format: 'onmyshelf',
      fields: [
        { field: 'title', property: 'title' },
        { field: 'author', property: 'authors' },
        { field: 'pub_year', property: 'year' },
      ],
    };
    expect((await run(owner.token, c.id, json, 'books.json', plan)).counts.added).toBe(1);
    expect((await items(owner.token, c.id))[0]!.values).toMatchObject({ title: 'Dune', authors: ['Frank Herbert'], year: 1965 });
  });
});

describe('bad files change nothing', () => {
  const plan: ImportPlanInput = { format: 'tellico', fields: [{ field: 'title', property: 'title' }] };

  async function refused(file: Uint8Array | string, name: string) {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
    const res = await start(owner.token, c.id, file, name, plan);
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { code: string; details: { fields: { path: string; reason: string; message: string }[] } };
    };
    expect(body.error.code).toBe('IMPORT_FILE_INVALID');
    const runs = await getJson<{ imports: unknown[] }>(`/api/v1/collections/${c.id}/imports`, owner.token);
    expect(runs.imports).toHaveLength(0);
    return body.error.details.fields[0]!;
  }

  it('a zip bomb: an entry inflating past the cap is stopped, whatever its header says', async () => {
    const huge = new Uint8Array(25 * 1024 * 1024);
    const bomb = zipSync({ 'tellico.xml': huge }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    expect(await refused(bomb, 'bomb.tc')).toMatchObject({ path: 'file', reason: 'zip_too_big' });
  });

  it('a zip cut short, and a zip without a document', async () => {
    const zip = tellicoZip();
    expect((await refused(zip.slice(0, Math.floor(zip.length / 3)), 'cut.tc')).reason).toBe('invalid_zip');
    expect((await refused(zipSync({ 'images/a.jpeg': JPEG }), 'pictures.zip')).reason).toBe('unknown_format');
  });

  it('a zip whose stored document changed after zipping (its CRC-32 no longer matches), or cut just before its directory', async () => {
    const zip = zipSync({ 'tellico.xml': strToU8(TELLICO), 'images/abc123.jpeg': JPEG }, { level: 0 });
    const changed = zip.slice();
    // A byte of a title inside the stored tellico.xml: still a well-formed document, but not the one zipped.
    const at = indexOfBytes(zip, strToU8('Dune'));
    expect(at).toBeGreaterThan(0);
    changed[at] = 'T'.charCodeAt(0);
    expect(await refused(changed, 'changed.tc')).toMatchObject({ path: 'file', reason: 'invalid_zip' });
    // Every entry whole, the central directory gone.
    const firstListed = indexOfBytes(zip, Uint8Array.of(0x50, 0x4b, 0x01, 0x02));
    expect(firstListed).toBeGreaterThan(0);
    expect((await refused(zip.slice(0, firstListed), 'cut.tc')).reason).toBe('invalid_zip');
  });

  it('XML that declares entities (a billion laughs, an external file) is refused, worded for the person', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE tellico [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]><tellico><collection type="2"><fields/><entry id="1"><title>&lol2;</title></entry></collection></tellico>`;
    const problem = await refused(laughs, 'laughs.xml');
    expect(problem).toMatchObject({ reason: 'xml_entities' });
    expect(problem.message).toMatch(/entities/);
    const external = `<?xml version="1.0"?><!DOCTYPE tellico [<!ENTITY x SYSTEM "file:///etc/passwd">]><tellico><collection type="2"><entry id="1"><title>&x;</title></entry></collection></tellico>`;
    expect((await refused(external, 'external.xml')).reason).toBe('xml_entities');
  });

  it('a file whose records are damaged further on fails in its check, before any write', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
    const broken = TELLICO.replace('<entry id="2"><title>Good Omens</title>', '<entry id="2"><title>Good Omens</titel>');
    const report = await run(owner.token, c.id, broken, 'broken.xml', planFor('tellico', TELLICO_FIELDS));
    expect(report).toMatchObject({ status: 'failed', error: 'invalid_xml', counts: { added: 0 } });
    expect(await items(owner.token, c.id)).toHaveLength(0);
  });
});

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i <= haystack.length - needle.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
