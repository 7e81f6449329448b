// Items of a collection: pages with search, sort and filters; facets; last changes; create, read,
// edit, duplicate, delete. Every multi-table write is one D1 batch.
import { sqlNow } from '../../db/now';
import { createRoute, z } from '@hono/zod-openapi';
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  createItemInput,
  filterFacets,
  item,
  itemListQuery,
  itemPage,
  recentItems as recentItemsSchema,
  updateItemInput,
} from '../../../../shared/schemas/items';
import { itemValues, items } from '../../db/schema';
import type { Db } from '../../env';
import { ApiError } from '../../lib/api-error';
import { runBatch } from '../../lib/batch';
import { bearer, errors, jsonBody, jsonContent } from '../../lib/openapi';
import { createRouter } from '../../lib/router';
import { callerOf, optionalUser, requireUser } from '../../middleware/auth';
import { requireOwnedCollection, requireVisibleCollection } from '../collections/collections.queries';
import { listPropertyRows, visibleProperties } from '../properties/properties.queries';
import { listFacets, listItems, loadItem, recentItems, toItem, type ListRequest } from './items.queries';
import { mediaValuesOf, releaseMedia } from './items.media';
import { inlineId, newestItemOf, refreshStatements } from './items.search';
import { valuesToRows, type PropertyRow, type ValueRow } from './items.values';

const tags = ['Items'];
const collectionParam = z.object({ id: z.coerce.number().int().positive() });
const itemParam = z.object({ id: z.coerce.number().int().positive(), iid: z.coerce.number().int().positive() });
const readQuery = z.object({ edit: z.enum(['true', 'false']).optional() });
/** item_values has 7 columns; D1 binds at most 100 parameters per statement. */
const VALUE_ROWS_PER_STATEMENT = Math.floor(100 / 7);

const list = createRoute({
  method: 'get',
  path: '/collections/{id}/items',
  tags,
  summary: 'A page of items: q (full text, prefix), sort, dir, page, perPage, and f.<key> / min.<key> / max.<key> filters',
  middleware: [optionalUser],
  request: { params: collectionParam, query: itemListQuery.passthrough() },
  responses: { 200: jsonContent(itemPage, 'A page of items'), ...errors(400, 401, 404) },
});

const facets = createRoute({
  method: 'get',
  path: '/collections/{id}/filters',
  tags,
  summary: 'Filter values with counts (and ranges) for the filterable properties',
  middleware: [optionalUser],
  request: { params: collectionParam, query: itemListQuery.passthrough() },
  responses: { 200: jsonContent(filterFacets, 'Facets'), ...errors(400, 401, 404) },
});

const recent = createRoute({
  method: 'get',
  path: '/collections/{id}/recent',
  tags,
  summary: 'Last changes: the items added and edited most recently',
  middleware: [optionalUser],
  request: { params: collectionParam },
  responses: { 200: jsonContent(recentItemsSchema, 'Recent items'), ...errors(400, 401, 404) },
});

const create = createRoute({
  method: 'post',
  path: '/collections/{id}/items',
  tags,
  security: bearer,
  summary: 'Create an item (values keyed by property ID; missing keys take the property default)',
  middleware: [requireUser],
  request: { params: collectionParam, ...jsonBody(createItemInput) },
  responses: { 201: jsonContent(item, 'Created'), ...errors(400, 401, 403, 404) },
});

const read = createRoute({
  method: 'get',
  path: '/collections/{id}/items/{iid}',
  tags,
  summary: 'One item with the values the caller may see (edit=true: the owner also gets hidden ones)',
  middleware: [optionalUser],
  request: { params: itemParam, query: readQuery },
  responses: { 200: jsonContent(item, 'The item'), ...errors(400, 401, 404) },
});

const update = createRoute({
  method: 'patch',
  path: '/collections/{id}/items/{iid}',
  tags,
  security: bearer,
  summary: 'Edit an item; values, when given, replace all of its values',
  middleware: [requireUser],
  request: { params: itemParam, ...jsonBody(updateItemInput) },
  responses: { 200: jsonContent(item, 'Updated'), ...errors(400, 401, 403, 404) },
});

const duplicate = createRoute({
  method: 'post',
  path: '/collections/{id}/items/{iid}/duplicate',
  tags,
  security: bearer,
  summary: 'Copy an item with all its values',
  middleware: [requireUser],
  request: { params: itemParam },
  responses: { 201: jsonContent(item, 'The copy'), ...errors(400, 401, 403, 404) },
});

const remove = createRoute({
  method: 'delete',
  path: '/collections/{id}/items/{iid}',
  tags,
  security: bearer,
  summary: 'Delete an item',
  middleware: [requireUser],
  request: { params: itemParam },
  responses: { 204: { description: 'Deleted' }, ...errors(400, 401, 403, 404) },
});

function listRequest(query: z.infer<typeof itemListQuery>, raw: Record<string, string[]>): ListRequest {
  return { q: query.q, sort: query.sort, dir: query.dir, page: query.page, perPage: query.perPage, raw };
}

/** `level` is the item's, copied to each value for the facet counts. */
function insertValues(db: Db, itemId: number | SQL, level: number, rows: ValueRow[]) {
  const statements = [];
  for (let start = 0; start < rows.length; start += VALUE_ROWS_PER_STATEMENT) {
    statements.push(db.insert(itemValues).values(rows.slice(start, start + VALUE_ROWS_PER_STATEMENT).map((r) => ({ ...r, itemId, level }))));
  }
  return statements;
}

/** Defaults of properties the submitted values do not mention (new items only). */
function withDefaults(props: PropertyRow[], values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  for (const p of props) if (!(p.key in out) && p.defaultValue !== null) out[p.key] = JSON.parse(p.defaultValue);
  return out;
}

async function requireItem(d1: D1Database, collectionId: number, itemId: number) {
  const row = await loadItem(d1, collectionId, itemId);
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

export const itemsRoutes = createRouter()
  .openapi(list, async (c) => {
    const db = c.get('db');
    const found = await requireVisibleCollection(db, c.get('caller'), c.req.valid('param').id);
    if (found.collection.visibility === 4) throw new ApiError('NOT_FOUND');
    const props = visibleProperties(await listPropertyRows(db, found.collection.id), found.level);
    const page = await listItems(c.get('d1'), found.collection, found.level, props, listRequest(c.req.valid('query'), c.req.queries()));
    return c.json(page, 200);
  })
  .openapi(facets, async (c) => {
    const db = c.get('db');
    const found = await requireVisibleCollection(db, c.get('caller'), c.req.valid('param').id);
    if (found.collection.visibility === 4) throw new ApiError('NOT_FOUND');
    const props = visibleProperties(await listPropertyRows(db, found.collection.id), found.level);
    const filters = await listFacets(c.get('d1'), found.collection.id, found.level, props, listRequest(c.req.valid('query'), c.req.queries()));
    return c.json({ filters }, 200);
  })
  .openapi(recent, async (c) => {
    const db = c.get('db');
    const found = await requireVisibleCollection(db, c.get('caller'), c.req.valid('param').id);
    if (found.collection.visibility === 4) throw new ApiError('NOT_FOUND');
    const props = visibleProperties(await listPropertyRows(db, found.collection.id), found.level);
    return c.json(await recentItems(c.get('d1'), found.collection.id, found.level, props), 200);
  })
  .openapi(create, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const found = await requireOwnedCollection(db, caller, c.req.valid('param').id);
    const input = c.req.valid('json');
    const props = await listPropertyRows(db, found.collection.id);
    const rows = valuesToRows(props, withDefaults(props, input.values));
    const newItemId = sql.raw(newestItemOf(found.collection.id));
    const results = await runBatch(db, [
      db
        .insert(items)
        .values({
          collectionId: found.collection.id,
          quantity: input.quantity,
          visibility: input.visibility,
          level: input.visibility ?? 0,
          borrowable: input.borrowable,
        })
        .returning({ id: items.id }),
      ...insertValues(db, newItemId, input.visibility ?? 0, rows),
      ...refreshStatements(db, { newestOf: found.collection.id }),
    ]);
    const [{ id }] = results[0] as [{ id: number }];
    const row = await requireItem(c.get('d1'), found.collection.id, id);
    return c.json(toItem(row, props, caller, true), 201);
  })
  .openapi(read, async (c) => {
    const db = c.get('db');
    const caller = c.get('caller');
    const { id, iid } = c.req.valid('param');
    const found = await requireVisibleCollection(db, caller, id);
    const row = await requireItem(c.get('d1'), found.collection.id, iid);
    const owner = found.level === 3;
    const forEdit = owner && c.req.valid('query').edit === 'true';
    // Level 4 ("Nobody") is never shown while browsing, not even to the owner, who reaches such items
    // and properties through the edit screen only.
    const hidden = row.level > found.level || row.level === 4 || found.collection.visibility === 4;
    if (hidden && !forEdit) throw new ApiError('NOT_FOUND');
    const props = visibleProperties(await listPropertyRows(db, found.collection.id), found.level, forEdit);
    return c.json(toItem(row, props, caller, owner), 200);
  })
  .openapi(update, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const { id, iid } = c.req.valid('param');
    const found = await requireOwnedCollection(db, caller, id);
    const current = await requireItem(c.get('d1'), found.collection.id, iid);
    const input = c.req.valid('json');
    const props = await listPropertyRows(db, found.collection.id);
    const rows = input.values ? valuesToRows(props, input.values) : null;
    const level = input.visibility !== undefined ? (input.visibility ?? 0) : current.level;
    await runBatch(db, [
      db
        .update(items)
        .set({
          ...(input.quantity !== undefined && { quantity: input.quantity }),
          ...(input.visibility !== undefined && { visibility: input.visibility, level: input.visibility ?? 0 }),
          ...(input.borrowable !== undefined && { borrowable: input.borrowable }),
          updatedAt: sqlNow,
        })
        .where(eq(items.id, iid)),
      ...(rows ? [db.delete(itemValues).where(eq(itemValues.itemId, iid)), ...insertValues(db, iid, level, rows), ...refreshStatements(db, { itemId: iid })] : []),
    ]);
    const row = await requireItem(c.get('d1'), found.collection.id, iid);
    const kept = mediaValuesOf(row.data);
    const dropped = [...mediaValuesOf(current.data)].filter((value) => !kept.has(value));
    if (dropped.length > 0) c.executionCtx.waitUntil(releaseMedia(c.get('d1'), c.env.MEDIA, dropped));
    return c.json(toItem(row, props, caller, true), 200);
  })
  .openapi(duplicate, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const { id, iid } = c.req.valid('param');
    const found = await requireOwnedCollection(db, caller, id);
    await requireItem(c.get('d1'), found.collection.id, iid);
    const source = inlineId(iid);
    const results = await runBatch(db, [
      db.run(sql.raw(`INSERT INTO items (collection_id, quantity, visibility, level, borrowable, data)
        SELECT collection_id, quantity, visibility, level, borrowable, data FROM items WHERE id = ${source}`)),
      db.run(sql.raw(`INSERT INTO item_values (item_id, property_id, position, value, sort_text, sort_number, level)
        SELECT ${newestItemOf(found.collection.id)}, property_id, position, value, sort_text, sort_number, level
        FROM item_values WHERE item_id = ${source}`)),
      ...refreshStatements(db, { newestOf: found.collection.id }).slice(1),
      db.select({ id: sql<number>`max(${items.id})` }).from(items).where(eq(items.collectionId, found.collection.id)),
    ]);
    const [{ id: copyId }] = results[results.length - 1] as [{ id: number }];
    const row = await requireItem(c.get('d1'), found.collection.id, copyId);
    const props = await listPropertyRows(db, found.collection.id);
    return c.json(toItem(row, props, caller, true), 201);
  })
  .openapi(remove, async (c) => {
    const db = c.get('db');
    const { id, iid } = c.req.valid('param');
    const found = await requireOwnedCollection(db, callerOf(c), id);
    const row = await requireItem(c.get('d1'), found.collection.id, iid);
    // Values go by ON DELETE CASCADE; triggers drop the search row and update the counters.
    await db.delete(items).where(eq(items.id, iid));
    const media = mediaValuesOf(row.data);
    if (media.size > 0) c.executionCtx.waitUntil(releaseMedia(c.get('d1'), c.env.MEDIA, media));
    return c.body(null, 204);
  });
