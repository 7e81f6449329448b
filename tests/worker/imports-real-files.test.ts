// Imports of files real programs made (the handbook's fixtures folder beside the repository). A fresh
// clone without that folder skips these, saying so.
import { describe, expect, it } from 'vitest';
import type { Item, ItemPage } from '../../shared/schemas/items';
import type { ImportPlanInput, ImportRun } from '../../shared/schemas/imports';
import { GOODREADS_FIELDS } from '../../shared/import/goodreads';
import { finishedImport } from '../support/worker-imports';
import { call, createUser } from '../support/worker-app';
import { createCollection, getJson } from '../support/worker-catalogue';

const goodreadsFiles = import.meta.glob<string>('../../../shared/fixtures/goodreads/*.csv', { query: '?raw', import: 'default', eager: true });
const goodreads = Object.values(goodreadsFiles)[0];
if (!goodreads) console.warn('imports-real-files: ../shared/fixtures/goodreads is absent; the Goodreads test is skipped');

describe('a real Goodreads library export', () => {
  it.skipIf(!goodreads)('fills a books collection: titles, authors, ISBNs from the formulas, ratings, shelves; twice without duplicates', async () => {
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
    const start = async (fields: ImportPlanInput['fields']) => {
      const body = new FormData();
      body.set('file', new File([goodreads!], 'goodreads_library_export.csv'));
      body.set('plan', JSON.stringify({ ...plan, fields }));
      const res = await call(`/api/v1/collections/${c.id}/imports`, { method: 'POST', token: owner.token, body });
      expect(res.status, await res.clone().text()).toBe(202);
      return finishedImport(owner.token, c.id, ((await res.json()) as ImportRun).id);
    };
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
  });
});
