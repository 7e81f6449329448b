import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { nextInstanceId } from '@worker/lib/workflow-budget';
import { workflowIdOf } from '@worker/features/imports/imports.prepare';
import { type StoredHead, windowRecords } from '@worker/features/imports/imports.steps';
import type { ImportRow } from '@worker/db/raw-rows';
import type { ItemPage } from '@shared/schemas/items';
import type { ImportPlanInput, ImportReport, ImportRun } from '@shared/schemas/imports';
import { finishedImport } from '../../support/worker-imports';
import { call, createUser, errorCode } from '../../support/worker-app';
import { addItem, addProperty, createCollection, getJson } from '../../support/worker-catalogue';

function form(file: string | Uint8Array, plan: ImportPlanInput, name = 'library.csv'): FormData {
  const body = new FormData();
  body.set('file', new File([file], name));
  body.set('plan', JSON.stringify(plan));
  return body;
}

async function startImport(
  token: string,
  collectionId: number,
  file: string | Uint8Array,
  plan: ImportPlanInput,
  lang?: string,
): Promise<Response> {
  return call(`/api/v1/collections/${collectionId}/imports`, { method: 'POST', token, body: form(file, plan), lang });
}

async function runImport(token: string, collectionId: number, file: string | Uint8Array, plan: ImportPlanInput): Promise<ImportReport> {
  const res = await startImport(token, collectionId, file, plan);
  expect(res.status, await res.clone().text()).toBe(202);
  const run = (await res.json()) as ImportRun;
  return finishedImport(token, collectionId, run.id);
}

async function titles(token: string, collectionId: number): Promise<string[]> {
  const page = await getJson<ItemPage>(`/api/v1/collections/${collectionId}/items?sort=title&dir=asc&perPage=200`, token);
  return page.items.map((i) => i.title ?? '');
}

/** A books-like collection: a title, a multiple text and a number. */
async function shelf() {
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Shelf' });
  await addProperty(owner.token, c.id, { label: 'Title', key: 'title', type: 'text', isTitle: true, searchable: true, sortable: true });
  await addProperty(owner.token, c.id, { label: 'Authors', key: 'authors', type: 'text', multiple: true, filterable: true });
  await addProperty(owner.token, c.id, { label: 'Year', key: 'year', type: 'number', sortable: true });
  return { owner, c };
}

const CSV =
  'Title;Authors;Year;ISBN\nDune;Frank Herbert;1965;9780441013593\n"Good Omens";Terry Pratchett|Neil Gaiman;1990;9780060853983\nBroken;Nobody;nineteen;123\n;;;\n';
const PLAN: ImportPlanInput = {
  format: 'csv',
  csv: { delimiter: ';', quote: '"', header: true },
  keyField: 'c3',
  fields: [
    { field: 'c0', property: 'title' },
    { field: 'c1', property: 'authors', split: '|' },
    { field: 'c2', property: 'year' },
    { field: 'c3', property: 'isbn', create: { label: 'ISBN', type: 'text', multiple: false } },
  ],
};

describe('CSV import into an existing collection', () => {
  it('maps columns onto properties, creates new ones, and reports each row', async () => {
    const { owner, c } = await shelf();
    const report = await runImport(owner.token, c.id, CSV, PLAN);
    // A year that is not a number is left out of its record, which is imported without it.
    expect(report).toMatchObject({
      status: 'done',
      total: 4,
      processed: 4,
      progress: 1,
      counts: { added: 3, updated: 0, unchanged: 0, skipped: 1, failed: 0 },
    });
    expect(report.rows.added).toEqual([[2, 4]]);
    expect(report.problems).toEqual([
      { row: 4, outcome: 'kept', reason: 'invalid_number', property: 'year', text: 'nineteen', title: 'Broken' },
      { row: 5, outcome: 'skipped', reason: 'blank', property: null, text: null, title: null },
    ]);
    const page = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?sort=title&dir=asc`, owner.token);
    expect(page.items.map((i) => i.title)).toEqual(['Broken', 'Dune', 'Good Omens']);
    const omens = page.items[2]!;
    const item = await getJson<{ values: Record<string, unknown> }>(`/api/v1/collections/${c.id}/items/${omens.id}`, owner.token);
    expect(item.values).toEqual({ title: 'Good Omens', authors: ['Terry Pratchett', 'Neil Gaiman'], year: 1990, isbn: '9780060853983' });
    // Search and filters see imported items like any other.
    const found = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?q=omens`, owner.token);
    expect(found.items.map((i) => i.title)).toEqual(['Good Omens']);
    const filtered = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?f.authors=Neil%20Gaiman`, owner.token);
    expect(filtered.total).toBe(1);
  });

  it('runs again without duplicating: unchanged rows stay, changed ones are updated, new ones added', async () => {
    const { owner, c } = await shelf();
    await runImport(owner.token, c.id, CSV, PLAN);
    const again = await runImport(owner.token, c.id, CSV, { ...PLAN, fields: PLAN.fields.map((f) => ({ ...f, create: null })) });
    expect(again.counts).toEqual({ added: 0, updated: 0, unchanged: 3, skipped: 1, failed: 0 });
    const edited = 'Title;Authors;Year;ISBN\nDune;Frank Herbert;1966;9780441013593\nHyperion;Dan Simmons;1989;9780553283686\n';
    const third = await runImport(owner.token, c.id, edited, { ...PLAN, fields: PLAN.fields.map((f) => ({ ...f, create: null })) });
    expect(third.counts).toEqual({ added: 1, updated: 1, unchanged: 0, skipped: 0, failed: 0 });
    expect(third.rows).toEqual({ added: [[3, 3]], updated: [[2, 2]], unchanged: [] });
    expect(await titles(owner.token, c.id)).toEqual(['Broken', 'Dune', 'Good Omens', 'Hyperion']);
    const page = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?sort=year&dir=asc`, owner.token);
    expect(page.items.map((i) => i.title)).toEqual(['Dune', 'Hyperion', 'Good Omens', 'Broken']);
  });

  it('goes on in new Workflow instances when a run takes more steps than one instance may', async () => {
    // The suite lets an instance take 12 steps (WORKFLOW_STEPS_PER_INSTANCE); 1,000 rows take 20 import
    // steps, so the run needs three instances, each going on from where the import row stands.
    const { owner, c } = await shelf();
    const rows = Array.from({ length: 1000 }, (_, i) => `Book ${i + 1};Author ${i % 7};${1900 + (i % 100)};isbn-${i + 1}`);
    const report = await runImport(owner.token, c.id, `Title;Authors;Year;ISBN\n${rows.join('\n')}\n`, PLAN);
    expect(report).toMatchObject({
      status: 'done',
      total: 1000,
      processed: 1000,
      counts: { added: 1000, updated: 0, unchanged: 0, skipped: 0, failed: 0 },
    });
    const page = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?perPage=50`, owner.token);
    expect(page.total).toBe(1000);
    const run = await env.DB.prepare('SELECT id, file_key FROM imports WHERE id = ?')
      .bind(report.id)
      .first<{ id: number; file_key: string }>();
    const first = workflowIdOf({ id: run!.id, fileKey: run!.file_key });
    for (const part of [1, 2]) expect((await (await env.IMPORTS.get(nextInstanceId(first, part))).status()).status).toBe('complete');
    // Running it again finds every row unchanged, across instances too.
    const again = await runImport(owner.token, c.id, `Title;Authors;Year;ISBN\n${rows.join('\n')}\n`, {
      ...PLAN,
      fields: PLAN.fields.map((f) => ({ ...f, create: null })),
    });
    expect(again.counts).toEqual({ added: 0, updated: 0, unchanged: 1000, skipped: 0, failed: 0 });
  });

  it('keeps values the file does not hold when it updates an item, and never touches items made by hand', async () => {
    const { owner, c } = await shelf();
    await addItem(owner.token, c.id, { values: { title: 'Dune', year: 2000 } });
    const plan: ImportPlanInput = { ...PLAN, fields: PLAN.fields.slice(0, 1).concat(PLAN.fields.slice(3)) };
    await runImport(owner.token, c.id, CSV, plan);
    // The hand-made Dune keeps its year; the imported rows are new items beside it.
    expect(await titles(owner.token, c.id)).toEqual(['Broken', 'Dune', 'Dune', 'Good Omens']);
  });

  it('finds rows again by their content when no key column is chosen', async () => {
    const { owner, c } = await shelf();
    const plan = { ...PLAN, keyField: null, fields: PLAN.fields.slice(0, 3) };
    await runImport(owner.token, c.id, CSV, plan);
    const again = await runImport(owner.token, c.id, CSV, plan);
    expect(again.counts.unchanged).toBe(3);
    expect(await titles(owner.token, c.id)).toHaveLength(3);
  });
});

describe('files in other encodings and layouts', () => {
  it('reads Windows-1252 and UTF-16 with a byte order mark, tabs and no header row', async () => {
    const { owner, c } = await shelf();
    const latin = Uint8Array.from([...'Caf', 0xe9, ...'\t2001\n'].map((ch) => (typeof ch === 'number' ? ch : ch.charCodeAt(0))));
    const plan: ImportPlanInput = {
      format: 'csv',
      csv: { delimiter: '\t', quote: '"', header: false },
      fields: [
        { field: 'c0', property: 'title' },
        { field: 'c1', property: 'year' },
      ],
    };
    expect((await runImport(owner.token, c.id, latin, plan)).counts.added).toBe(1);
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'Œuvre\t1999\n'].flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8])]);
    expect((await runImport(owner.token, c.id, utf16, plan)).counts.added).toBe(1);
    expect(await titles(owner.token, c.id)).toEqual(['Café', 'Œuvre']);
  });

  it('imports a file of many windows and steps, counting every record once', async () => {
    const { owner, c } = await shelf();
    const long = 'x'.repeat(900);
    const lines = ['Title;Authors;Year;ISBN'];
    for (let i = 0; i < 620; i += 1) lines.push(`Book ${i} ${long};Author ${i % 7};${1900 + (i % 100)};isbn-${i}`);
    const report = await runImport(owner.token, c.id, lines.join('\r\n'), PLAN);
    expect(report.counts).toEqual({ added: 620, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
    expect(report.rows.added).toEqual([[2, 621]]);
    const page = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?perPage=20`, owner.token);
    expect(page.total).toBe(620);
  });
});

describe('a step reads the start of its window first', () => {
  const rows = Array.from(
    { length: 600 },
    (_, i) => `Livre ${String(i).padStart(3, '0')} ${'🦊'.repeat(20)} été;Autrice ${i % 7};${1900 + (i % 100)};isbn-${i}`,
  );
  const file = `Title;Authors;Year;ISBN\n${rows.join('\n')}\n`;

  it('takes its records from the start when they are all there, else from the whole window', () => {
    const bytes = new TextEncoder().encode(file);
    const header = new TextEncoder().encode('Title;Authors;Year;ISBN\n').length;
    const head = { format: 'csv', start: header, firstRow: 2, csv: { delimiter: ';', quote: '"', header: true } } as unknown as StoredHead;
    const row = {
      encoding: 'utf-8',
      total: 600,
      file_length: bytes.length,
      status: 'importing',
      processed: 0,
      position: header,
    } as ImportRow;
    const window = { bytes: bytes.subarray(header), final: true };
    const few = windowRecords(row, head, window, 25, 2);
    expect(few.read.records.map((r) => r.values.c0)).toEqual(rows.slice(0, 25).map((r) => [r.split(';')[0]]));
    expect(few.final).toBe(false);
    expect(new TextEncoder().encode(few.text).length).toBeLessThan(window.bytes.length);
    // More records than the start holds: the whole window, which ends the file.
    const all = windowRecords(row, head, window, 1000, 2);
    expect(all.read.records).toHaveLength(600);
    expect(all.read.done).toBe(true);
    expect(all.final).toBe(true);
  });

  it('imports every record whole and once, characters of several bytes included', async () => {
    const { owner, c } = await shelf();
    const report = await runImport(owner.token, c.id, file, PLAN);
    expect(report.counts).toEqual({ added: 600, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
    const stored = await env.DB.prepare(
      `SELECT v.value AS title FROM item_values v JOIN properties p ON p.id = v.property_id
       WHERE p.collection_id = ? AND p.key = 'title' ORDER BY v.value`,
    )
      .bind(c.id)
      .all<{ title: string }>();
    expect(stored.results.map((r) => JSON.parse(r.title) as string)).toEqual(rows.map((r) => r.split(';')[0]).sort());
  });
});

describe('bad files change nothing and say why', () => {
  it('refuses at upload what cannot be read, with a localized reason', async () => {
    const { owner, c } = await shelf();
    const xml = await startImport(owner.token, c.id, '<?xml version="1.0"?><x/>', PLAN, 'fr_FR');
    expect(xml.status).toBe(400);
    const body = (await xml.json()) as { error: { code: string; details: { fields: { reason: string; message: string }[] } } };
    expect(body.error.code).toBe('IMPORT_FILE_INVALID');
    expect(body.error.details.fields[0]).toMatchObject({ reason: 'unknown_format', message: expect.stringContaining('format') });
    expect((await startImport(owner.token, c.id, '', PLAN)).status).toBe(400);
    const wide = `${Array.from({ length: 400 }, (_, i) => `c${i}`).join(';')}\n`;
    const tooWide = await startImport(owner.token, c.id, wide, PLAN);
    expect(tooWide.status).toBe(400);
    expect(((await tooWide.json()) as { error: { details: { fields: { reason: string }[] } } }).error.details.fields[0]!.reason).toBe(
      'too_many_columns',
    );
  });

  it('refuses a plan that names fields or properties that do not exist', async () => {
    const { owner, c } = await shelf();
    const noField = await startImport(owner.token, c.id, CSV, { ...PLAN, fields: [{ field: 'c9', property: 'title' }] });
    expect(noField.status).toBe(400);
    const noProperty = await startImport(owner.token, c.id, CSV, { ...PLAN, fields: [{ field: 'c0', property: 'nope' }] });
    expect(noProperty.status).toBe(400);
    const taken = await startImport(owner.token, c.id, CSV, {
      ...PLAN,
      fields: [{ field: 'c0', property: 'title', create: { label: 'T', type: 'text', multiple: false } }],
    });
    expect(taken.status).toBe(409);
    const badPlan = await call(`/api/v1/collections/${c.id}/imports`, {
      method: 'POST',
      token: owner.token,
      body: (() => {
        const f = form(CSV, PLAN);
        f.set('plan', '{');
        return f;
      })(),
    });
    expect(badPlan.status).toBe(400);
    // A new title only where the collection has none, and only a single text.
    const secondTitle = await startImport(owner.token, c.id, CSV, {
      ...PLAN,
      fields: [{ field: 'c3', property: 'isbn', create: { label: 'ISBN', type: 'text', multiple: false, title: true } }],
    });
    expect(secondTitle.status).toBe(400);
  });

  it('lets a new property name the items of a collection without a title', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Untitled' });
    const create = (label: string, type: 'text' | 'number', title = false) => ({ label, type, multiple: false, title });
    const numberTitle = await startImport(owner.token, c.id, CSV, {
      ...PLAN,
      keyField: null,
      fields: [{ field: 'c2', property: 'year', create: create('Year', 'number', true) }],
    });
    expect(numberTitle.status).toBe(400);
    const report = await runImport(owner.token, c.id, CSV, {
      ...PLAN,
      keyField: null,
      fields: [
        { field: 'c0', property: 'name', create: create('Name', 'text', true) },
        { field: 'c3', property: 'isbn', create: create('ISBN', 'text') },
      ],
    });
    expect(report.status).toBe('done');
    const page = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items?sort=created&dir=asc`, owner.token);
    expect(page.items.map((i) => i.title)).toEqual(['Dune', 'Good Omens', 'Broken']);
  });

  it('reads a whole file before writing: a quote left open at its end fails the run with nothing imported', async () => {
    const { owner, c } = await shelf();
    const broken = `${CSV}"Unfinished;x;2000;1\n`;
    const report = await runImport(owner.token, c.id, broken, PLAN);
    expect(report).toMatchObject({ status: 'failed', error: 'unclosed_quote', errorDetails: { row: 6 }, counts: { added: 0 } });
    expect(await titles(owner.token, c.id)).toEqual([]);
  });
});

describe('who may import', () => {
  it('is the owner only; demo mode refuses', async () => {
    const { owner, c } = await shelf();
    const other = await createUser();
    expect((await call(`/api/v1/collections/${c.id}/imports`, { method: 'POST', body: form(CSV, PLAN) })).status).toBe(401);
    const stranger = await startImport(other.token, c.id, CSV, PLAN);
    expect([403, 404]).toContain(stranger.status);
    const demo = await call(`/api/v1/collections/${c.id}/imports`, {
      method: 'POST',
      token: owner.token,
      body: form(CSV, PLAN),
      env: { DEMO_MODE: 'true' },
    });
    expect(demo.status).toBe(403);
    expect(await errorCode(demo)).toBe('DEMO_MODE');
    expect((await call(`/api/v1/collections/${c.id}/imports`, { token: other.token })).status).not.toBe(200);
    const run = (await (await startImport(owner.token, c.id, CSV, PLAN)).json()) as ImportRun;
    expect((await call(`/api/v1/collections/${c.id}/imports/${run.id}`, { token: other.token })).status).not.toBe(200);
    expect((await call(`/api/v1/collections/${c.id}/imports/${run.id}/cancel`, { method: 'POST', token: other.token })).status).not.toBe(
      200,
    );
    await finishedImport(owner.token, c.id, run.id);
  });

  it('lists runs and cancels one; what it wrote stays', async () => {
    const { owner, c } = await shelf();
    const lines = ['Title;Authors;Year;ISBN'];
    for (let i = 0; i < 1500; i += 1) lines.push(`Book ${i};A;2000;k${i}`);
    const res = await startImport(owner.token, c.id, lines.join('\n'), PLAN);
    const run = (await res.json()) as ImportRun;
    const cancelled = await call(`/api/v1/collections/${c.id}/imports/${run.id}/cancel`, { method: 'POST', token: owner.token });
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as ImportRun).status).toBe('cancelled');
    const report = await finishedImport(owner.token, c.id, run.id);
    expect(report.status).toBe('cancelled');
    const list = await getJson<{ imports: ImportRun[] }>(`/api/v1/collections/${c.id}/imports`, owner.token);
    expect(list.imports.map((r) => r.id)).toEqual([run.id]);
    const page = await getJson<ItemPage>(`/api/v1/collections/${c.id}/items`, owner.token);
    expect(page.total).toBeLessThan(1500);
  });
});
