// Helpers for import tests in the workerd suite.
import { expect } from 'vitest';
import type { ImportFormat, ImportField } from '@shared/import/records';
import type { Item, ItemPage } from '@shared/schemas/items';
import type { ImportPlanInput, ImportReport, ImportRun } from '@shared/schemas/imports';
import type { ScheduledImportSetup } from '@shared/schemas/scheduled-imports';
import { call } from './worker-app';
import { getJson } from './worker-catalogue';
import { waitUntil } from '../worker/finished-run';

/** Waits for a run's Workflow to end, reading the run as the import page does. */
export const finishedImport = (token: string, collectionId: number, id: number): Promise<ImportReport> =>
  waitUntil(
    () => getJson<ImportReport>(`/api/v1/collections/${collectionId}/imports/${id}`, token),
    (report) => !['fetching', 'checking', 'importing'].includes(report.status),
    `import ${id}`,
  );

/** Every field to its template property, the others to new properties named after them. */
export function planFor(format: ImportFormat, fields: readonly ImportField[]): ImportPlanInput {
  return {
    format,
    fields: fields.map((f) =>
      f.target
        ? { field: f.key, property: f.target }
        : {
            field: f.key,
            property: `x_${f.key.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`,
            create: { label: f.label, type: f.type, multiple: f.multiple },
          },
    ),
  };
}

/** The smallest plan the server takes: a CSV's first column into a new text property, Name. */
export const NAME_COLUMN_PLAN: ImportPlanInput = {
  format: 'csv',
  fields: [{ field: 'c0', property: 'name', create: { label: 'Name', type: 'text', multiple: false } }],
};

/** What an import may send besides its file and plan: a source to fetch again on a schedule, the caller's language. */
interface ImportOptions {
  source?: ScheduledImportSetup;
  lang?: string;
}

export async function startImport(
  token: string,
  collectionId: number,
  file: Uint8Array | string,
  name: string,
  plan: ImportPlanInput,
  { source, lang }: ImportOptions = {},
): Promise<Response> {
  const body = new FormData();
  body.set('file', new File([file], name));
  body.set('plan', JSON.stringify(plan));
  if (source) body.set('source', JSON.stringify(source));
  return call(`/api/v1/collections/${collectionId}/imports`, { method: 'POST', token, body, lang });
}

export async function runImport(
  token: string,
  collectionId: number,
  file: Uint8Array | string,
  name: string,
  plan: ImportPlanInput,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const res = await startImport(token, collectionId, file, name, plan, options);
  expect(res.status, await res.clone().text()).toBe(202);
  return finishedImport(token, collectionId, ((await res.json()) as ImportRun).id);
}

/** The collection's items in full, in the order of `sort` (a sortable property's key; null: the default order). */
export async function itemsOf(token: string, collectionId: number, sort: string | null = 'title'): Promise<Item[]> {
  const order = sort ? `sort=${sort}&dir=asc&` : '';
  const page = await getJson<ItemPage>(`/api/v1/collections/${collectionId}/items?${order}perPage=200`, token);
  return Promise.all(page.items.map((i) => getJson<Item>(`/api/v1/collections/${collectionId}/items/${i.id}`, token)));
}
