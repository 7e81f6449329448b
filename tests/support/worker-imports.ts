// Helpers for import tests in the workerd suite.
import { expect } from 'vitest';
import type { ImportFormat, ImportField } from '../../shared/import/records';
import type { Item, ItemPage } from '../../shared/schemas/items';
import type { ImportPlanInput, ImportReport, ImportRun } from '../../shared/schemas/imports';
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

export async function startImport(
  token: string,
  collectionId: number,
  file: Uint8Array | string,
  name: string,
  plan: ImportPlanInput,
): Promise<Response> {
  const body = new FormData();
  body.set('file', new File([file], name));
  body.set('plan', JSON.stringify(plan));
  return call(`/api/v1/collections/${collectionId}/imports`, { method: 'POST', token, body });
}

export async function runImport(
  token: string,
  collectionId: number,
  file: Uint8Array | string,
  name: string,
  plan: ImportPlanInput,
): Promise<ImportReport> {
  const res = await startImport(token, collectionId, file, name, plan);
  expect(res.status, await res.clone().text()).toBe(202);
  return finishedImport(token, collectionId, ((await res.json()) as ImportRun).id);
}

/** The collection's items in full, in the order of `sort` (a sortable property's key; null: the default order). */
export async function itemsOf(token: string, collectionId: number, sort: string | null = 'title'): Promise<Item[]> {
  const order = sort ? `sort=${sort}&dir=asc&` : '';
  const page = await getJson<ItemPage>(`/api/v1/collections/${collectionId}/items?${order}perPage=200`, token);
  return Promise.all(page.items.map((i) => getJson<Item>(`/api/v1/collections/${collectionId}/items/${i.id}`, token)));
}
