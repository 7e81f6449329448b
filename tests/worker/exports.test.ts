// Exports: the collection as Vitrine JSON (which imports back into an identical collection) and as CSV,
// holding only what the caller may see, streamed a page of items at a time.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Item, ItemPage } from '../../shared/schemas/items';
import type { ImportPlanInput, ImportRun } from '../../shared/schemas/imports';
import type { ExportHead, ExportedItem } from '../../shared/import/vitrine';
import { finishedImport } from '../support/worker-imports';
import { call, createUser } from '../support/worker-app';
import { addItem, addProperty, createCollection, getJson } from '../support/worker-catalogue';
import { addBorrower, lend, lendableItem, setLoansEnabled } from '../support/worker-lending';

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
  for (let n = 1; n <= 230; n += 1) await addItem(owner.token, c.id, { values: { title: `Book ${n}`, year: 1800 + n } });
  return { owner, c };
}

async function exported(collectionId: number, format: 'json' | 'csv', token?: string): Promise<Response> {
  return call(`/api/v1/collections/${collectionId}/export?format=${format}`, { token });
}

// Two hundred and thirty items, one request each, so that the export takes more than one page.
describe('exports', { timeout: 60_000 }, () => {
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
    const plan: ImportPlanInput = {
      format: 'vitrine',
      fields: doc.properties.map((p) => ({ field: p.key, property: p.key, create: { label: p.label, type: p.type, multiple: p.multiple, title: p.isTitle } })),
    };
    const body = new FormData();
    body.set('file', new File([JSON.stringify(doc)], 'export.json'));
    body.set('plan', JSON.stringify(plan));
    const started = await call(`/api/v1/collections/${copy.id}/imports`, { method: 'POST', token: owner.token, body });
    expect(started.status, await started.clone().text()).toBe(202);
    const report = await finishedImport(owner.token, copy.id, ((await started.json()) as ImportRun).id);
    expect(report).toMatchObject({ status: 'done', total: 232, counts: { added: 232, failed: 0 } });
    const valuesIn = async (collectionId: number) => {
      const page = await getJson<ItemPage>(`/api/v1/collections/${collectionId}/items?q=Omens`, owner.token);
      return (await getJson<Item>(`/api/v1/collections/${collectionId}/items/${page.items[0]!.id}`, owner.token)).values;
    };
    expect(await valuesIn(copy.id)).toEqual(await valuesIn(c.id));
    const again = (await exported(copy.id, 'json', owner.token).then((r) => r.json())) as ExportDocument;
    const strip = (d: ExportDocument) => d.items.map((i) => i.values);
    expect(strip(again)).toEqual(strip(doc));
  });

  it('JSON of another version is refused before anything is written', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Copy' });
    const body = new FormData();
    body.set('file', new File([JSON.stringify({ format: 'vitrine', version: 99, properties: [], items: [] })], 'future.json'));
    body.set('plan', JSON.stringify({ format: 'vitrine', fields: [] }));
    const res = await call(`/api/v1/collections/${c.id}/imports`, { method: 'POST', token: owner.token, body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { details: { fields: { reason: string }[] } } }).error.details.fields[0]!.reason).toBe('unknown_version');
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
      expect.objectContaining({ state: 'lent', borrower: { name: 'Ann Reader', email: 'ann.reader@example.test' }, dueOn: '2026-12-24', notes: 'At the club', returnedOn: null }),
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
