// A collection as a file: Vitrine's versioned JSON (shared/import/vitrine.ts, which imports back into an
// identical collection) or CSV, one column per property. The export holds what its caller may see: the
// owner everything, others the items and properties visible to them. It is streamed a page of items at
// a time, so a collection of any size leaves in requests of a page's cost each.
import { createRoute, z } from '@hono/zod-openapi';
import Papa from 'papaparse';
import { VITRINE_EXPORT_FORMAT, VITRINE_EXPORT_VERSION, type ExportHead, type ExportedItem, type ExportedLoan } from '../../../../shared/import/vitrine';
import { ApiError } from '../../lib/api-error';
import { contentDisposition } from '../../lib/content-disposition';
import { errors } from '../../lib/openapi';
import { createRouter } from '../../lib/router';
import { optionalUser } from '../../middleware/auth';
import { requireVisibleCollection } from '../collections/collections.queries';
import { valuesOf } from '../items/items.queries';
import { listPropertyRows, visibleProperties } from '../properties/properties.queries';

const EXPORT_FORMATS = ['json', 'csv'] as const;
type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** Items read from D1 at once: one query, and a few hundred kilobytes of text at most. */
const PAGE_ITEMS = 200;
/** Between the values of a multiple property in a CSV cell. */
const CSV_VALUES_SEPARATOR = '; ';

const exportRoute = createRoute({
  method: 'get',
  path: '/collections/{id}/export',
  tags: ['Exports'],
  summary:
    'The collection as a file: `format=json` (Vitrine export, version 1: collection, properties, then items with their values by property key and, for the owner, their loans) or `format=csv`. Holds what the caller may see (the owner: everything)',
  middleware: [optionalUser],
  request: {
    params: z.object({ id: z.coerce.number().int().positive() }),
    query: z.object({ format: z.enum(EXPORT_FORMATS).default('json') }),
  },
  responses: {
    200: {
      description: 'The file, as a download',
      content: { 'application/json': { schema: z.any() }, 'text/csv': { schema: z.string() } },
    },
    ...errors(400, 401, 404),
  },
});

interface ExportRow {
  id: number;
  quantity: number;
  data: string;
  created_at: string;
  updated_at: string;
}

/** A page of the items the caller may see, after `after` in id order. */
async function itemPage(d1: D1Database, collectionId: number, level: number, owner: boolean, after: number): Promise<ExportRow[]> {
  const { results } = await d1
    .prepare(
      `SELECT id, quantity, data, created_at, updated_at FROM items
       WHERE collection_id = ?1 AND id > ?2 AND (?3 OR (level <= ?4 AND level <> 4))
       ORDER BY id LIMIT ?5`,
    )
    .bind(collectionId, after, owner ? 1 : 0, level, PAGE_ITEMS)
    .all<ExportRow>();
  return results;
}

interface LoanRow {
  item_id: number;
  state: string;
  borrower_name: string;
  borrower_email: string | null;
  message: string | null;
  notes: string | null;
  wanted_from: string | null;
  wanted_until: string | null;
  lent_on: string | null;
  due_on: string | null;
  returned_on: string | null;
  created_at: string;
}

/** The loans of a page's items, by item (the owner's export): one query for the page. */
async function loansOf(d1: D1Database, itemIds: number[]): Promise<Map<number, ExportedLoan[]>> {
  const byItem = new Map<number, ExportedLoan[]>();
  if (itemIds.length === 0) return byItem;
  const { results } = await d1
    .prepare(
      `SELECT l.item_id, l.state, b.name AS borrower_name, b.email AS borrower_email, l.message, l.notes, l.wanted_from,
              l.wanted_until, l.lent_on, l.due_on, l.returned_on, l.created_at
       FROM loans l JOIN borrowers b ON b.id = l.borrower_id
       WHERE l.item_id IN (SELECT value FROM json_each(?1)) ORDER BY l.item_id, l.id`,
    )
    .bind(JSON.stringify(itemIds))
    .all<LoanRow>();
  for (const row of results) {
    const loans = byItem.get(row.item_id) ?? [];
    loans.push({
      state: row.state,
      borrower: { name: row.borrower_name, email: row.borrower_email },
      message: row.message,
      notes: row.notes,
      wantedFrom: row.wanted_from,
      wantedUntil: row.wanted_until,
      lentOn: row.lent_on,
      dueOn: row.due_on,
      returnedOn: row.returned_on,
      createdAt: row.created_at,
    });
    byItem.set(row.item_id, loans);
  }
  return byItem;
}

/** A value as a CSV cell: several values joined, a JSON value as JSON. */
function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(cell).join(CSV_VALUES_SEPARATOR);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The file's pieces, a page at a time: its beginning, each page of items, its end. */
function exportStream(pieces: (after: number) => Promise<{ text: string; last: number | null }>, head: string, tail: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(head));
        return;
      }
      const { text, last } = await pieces(after);
      if (text) controller.enqueue(encoder.encode(text));
      if (last === null) {
        controller.enqueue(encoder.encode(tail));
        controller.close();
        return;
      }
      after = last;
    },
  });
}

/** A download's name: the collection's, without what file systems refuse. */
// eslint-disable-next-line no-control-regex
const fileName = (name: string, format: ExportFormat) => `${name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim() || 'collection'}.${format}`;

export const exportsRoutes = createRouter().openapi(exportRoute, async (c) => {
  const db = c.get('db');
  const found = await requireVisibleCollection(db, c.get('caller'), c.req.valid('param').id);
  const owner = found.level === 3;
  if (found.collection.visibility === 4 && !owner) throw new ApiError('NOT_FOUND');
  const { format } = c.req.valid('query');
  const props = visibleProperties(await listPropertyRows(db, found.collection.id), found.level, owner);
  const d1 = c.get('d1');
  const collection = found.collection;
  const rows = (after: number) => itemPage(d1, collection.id, found.level, owner, after);
  const lastOf = (page: ExportRow[]) => (page.length < PAGE_ITEMS ? null : page[page.length - 1]!.id);
  let stream: ReadableStream<Uint8Array>;
  if (format === 'json') {
    const head: ExportHead = {
      format: VITRINE_EXPORT_FORMAT,
      version: VITRINE_EXPORT_VERSION,
      exportedAt: new Date().toISOString(),
      collection: { name: collection.name, description: collection.description, type: collection.type, tags: JSON.parse(collection.tags) as string[] },
      properties: props.map((p) => ({
        key: p.key,
        label: p.label,
        type: p.type as ExportHead['properties'][number]['type'],
        multiple: p.multiple,
        isTitle: p.isTitle,
        isSubtitle: p.isSubtitle,
        isCover: p.isCover,
        isReference: p.isReference,
        suffix: p.suffix,
        description: p.description,
      })),
    };
    let first = true;
    stream = exportStream(
      async (after) => {
        const page = await rows(after);
        // Loans are the owner's business: nobody else's export holds them.
        const loans = owner ? await loansOf(d1, page.map((row) => row.id)) : null;
        const items = page.map((row) => {
          const item: ExportedItem = { id: row.id, quantity: row.quantity, values: valuesOf(row, props), createdAt: row.created_at, updatedAt: row.updated_at };
          if (loans) item.loans = loans.get(row.id) ?? [];
          const text = `${first ? '' : ','}\n  ${JSON.stringify(item)}`;
          first = false;
          return text;
        });
        return { text: items.join(''), last: lastOf(page) };
      },
      `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "items": [`,
      '\n  ]\n}\n',
    );
  } else {
    stream = exportStream(
      async (after) => {
        const page = await rows(after);
        const data = page.map((row) => {
          const values = valuesOf(row, props);
          return props.map((p) => cell(values[p.key]));
        });
        return { text: data.length > 0 ? `${Papa.unparse(data, { newline: '\r\n' })}\r\n` : '', last: lastOf(page) };
      },
      // A byte order mark, so spreadsheets read the file as UTF-8.
      `\ufeff${Papa.unparse([props.map((p) => p.label)], { newline: '\r\n' })}\r\n`,
      '',
    );
  }
  return new Response(stream, {
    status: 200,
    headers: {
      'Content-Type': format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
      'Content-Disposition': contentDisposition('attachment', fileName(collection.name, format)),
      'Cache-Control': 'private, no-store',
    },
  });
});
