// Items of a collection: pages with search, sort and filters; facets; last changes; create, read,
// edit, duplicate, delete. Writes go through items.writer.ts, the one write path.
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  createItemInput,
  filterFacets,
  hiddenItems as hiddenItemsSchema,
  item,
  itemListQuery,
  itemPage,
  recentItems as recentItemsSchema,
  updateItemInput,
} from '@shared/schemas/items';
import type { ItemRow } from '@worker/db/raw-rows';
import type { AppEnv } from '@worker/env';
import { translate } from '@worker/i18n/messages';
import { ApiError } from '@worker/lib/api-error';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { conditionally, etagHeader, ifMatchHeaders, precondition, withEtag } from '@worker/lib/preconditions';
import { createRouter } from '@worker/lib/router';
import { callerOf, optionalUser, requireUser } from '@worker/middleware/auth';
import { requireCollectionRole, requireVisibleCollection } from '../collections/collections.queries';
import { offerFreedCopies } from '../lending/holds.service';
import { listPropertyRows, visibleProperties } from '../properties/properties.queries';
import { hiddenItemsOf, itemLending, loadItem, recentItems, toItem } from './items.queries';
import {
  FACET_SAMPLE,
  FEW_MATCHES,
  LENT_READ,
  LISTED_BITMAP_MAX,
  RANGE_COUNT_ROWS,
  SEARCH_PROBE,
  listFacets,
  listItems,
  type ListRequest,
} from './list';
import { createItems, deleteItem, duplicateItem, updateItem, type WriteContext } from './items.writer';
import { rankTuning } from './sort-ranks';

const tags = ['Items'];
const collectionParam = z.object({ id: z.coerce.number().int().positive() });
const itemParam = z.object({ id: z.coerce.number().int().positive(), iid: z.coerce.number().int().positive() });
const readQuery = z.object({ edit: z.enum(['true', 'false']).optional() });

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

const hidden = createRoute({
  method: 'get',
  path: '/collections/{id}/hidden-items',
  tags,
  summary: 'The owner, co-owners and editors: the items set to "Nobody", which browsing never shows',
  middleware: [requireUser],
  security: bearer,
  request: { params: collectionParam },
  responses: { 200: jsonContent(hiddenItemsSchema, 'Items set to Nobody'), ...errors(400, 401, 403, 404) },
});

const create = createRoute({
  method: 'post',
  path: '/collections/{id}/items',
  tags,
  security: bearer,
  summary: 'Create an item (values keyed by property ID; missing keys take the property default)',
  middleware: [requireUser],
  request: { params: collectionParam, ...jsonBody(createItemInput) },
  responses: { 201: withEtag(jsonContent(item, 'Created')), ...errors(400, 401, 403, 404) },
});

const read = createRoute({
  method: 'get',
  path: '/collections/{id}/items/{iid}',
  tags,
  summary: 'One item with the values the caller may see (edit=true: the owner, co-owners and editors also get hidden ones)',
  middleware: [optionalUser],
  request: { params: itemParam, query: readQuery },
  responses: { 200: withEtag(jsonContent(item, 'The item')), ...errors(400, 401, 404) },
});

const update = createRoute({
  method: 'patch',
  path: '/collections/{id}/items/{iid}',
  tags,
  security: bearer,
  summary:
    'Edit an item; values, when given, replace all of its values. Send the version you edited (or its ETag in If-Match): a stale one is refused with 409 STALE_WRITE (412 PRECONDITION_FAILED through If-Match). A quantity below the copies lent is refused with 409 QUANTITY_BELOW_LENT; copies added while people wait are offered to the next in line at once',
  middleware: [requireUser],
  request: { params: itemParam, headers: ifMatchHeaders, ...jsonBody(updateItemInput) },
  responses: { 200: withEtag(jsonContent(item, 'Updated')), ...errors(400, 401, 403, 404, 409, 412) },
});

const duplicate = createRoute({
  method: 'post',
  path: '/collections/{id}/items/{iid}/duplicate',
  tags,
  security: bearer,
  summary: 'Copy an item with all its values',
  middleware: [requireUser],
  request: { params: itemParam },
  responses: { 201: withEtag(jsonContent(item, 'The copy')), ...errors(400, 401, 403, 404) },
});

const remove = createRoute({
  method: 'delete',
  path: '/collections/{id}/items/{iid}',
  tags,
  security: bearer,
  summary: 'Delete an item (with If-Match, only the version it names: another is refused with 412 PRECONDITION_FAILED)',
  middleware: [requireUser],
  request: { params: itemParam, headers: ifMatchHeaders },
  responses: { 204: { description: 'Deleted' }, ...errors(400, 401, 403, 404, 412) },
});

function listRequest(query: z.infer<typeof itemListQuery>, raw: Record<string, string[]>, loansEnabled: boolean): ListRequest {
  return {
    q: query.q,
    sort: query.sort,
    dir: query.dir,
    page: query.page,
    after: query.after,
    before: query.before,
    perPage: query.perPage,
    raw,
    availability: query.availability,
    loansEnabled,
  };
}

/** "Enable loans" (docs/product.md §2): off, items show no availability and count no copy lent. */
async function loansEnabled(c: Context<AppEnv>): Promise<boolean> {
  return (await c.get('settings').read()).loansEnabled;
}

/** An item answer's lending facts (availability, may this caller ask), null while loans are off. */
async function lendingOf(c: Context<AppEnv>, row: ItemRow, collection: { borrowable: number }, owner: boolean) {
  return (await loansEnabled(c)) ? itemLending(c.get('d1'), row, collection, c.get('caller'), owner) : null;
}

async function requireItem(d1: D1Database, collectionId: number, itemId: number) {
  const row = await loadItem(d1, collectionId, itemId);
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

/** The write path's needs, from the request: its database, the media bucket, and waitUntil. */
function writeContext(c: Context<AppEnv>): WriteContext {
  return {
    db: c.get('db'),
    d1: c.get('d1'),
    media: c.env.MEDIA,
    defer: (work) => c.executionCtx.waitUntil(work),
    rankSplit: rankTuning(c.env).split,
  };
}

export const itemsRoutes = createRouter()
  .openapi(list, async (c) => {
    const db = c.get('db');
    const found = await requireVisibleCollection(db, c.get('caller'), c.req.valid('param').id);
    if (found.collection.visibility === 4) throw new ApiError('NOT_FOUND');
    const props = visibleProperties(await listPropertyRows(db, found.collection.id), found.level);
    const request = listRequest(c.req.valid('query'), c.req.queries(), await loansEnabled(c));
    const page = await listItems(c.get('d1'), found.collection, found.level, props, request, {
      fewMatches: Number(c.env.LIST_FEW_MATCHES) || FEW_MATCHES,
      ranks: rankTuning(c.env),
      defer: (work) => c.executionCtx.waitUntil(work),
      rangeCountRows: Number(c.env.LIST_RANGE_COUNT_ROWS) || RANGE_COUNT_ROWS,
      searchProbe: Number(c.env.LIST_SEARCH_PROBE) || SEARCH_PROBE,
      lentRead: Number(c.env.LIST_LENT_READ) || LENT_READ,
      bitmapMax: Number(c.env.LIST_BITMAP_MAX) || LISTED_BITMAP_MAX,
    });
    return c.json(page, 200);
  })
  .openapi(facets, async (c) => {
    const db = c.get('db');
    const found = await requireVisibleCollection(db, c.get('caller'), c.req.valid('param').id);
    if (found.collection.visibility === 4) throw new ApiError('NOT_FOUND');
    // The filter panel names its properties in the reader's language.
    const props = visibleProperties(await listPropertyRows(db, found.collection.id, c.get('locale')), found.level);
    const request = listRequest(c.req.valid('query'), c.req.queries(), await loansEnabled(c));
    const filters = await listFacets(
      c.get('d1'),
      found.collection.id,
      found.level,
      props,
      request,
      Number(c.env.LIST_FACET_SAMPLE) || FACET_SAMPLE,
    );
    return c.json({ filters }, 200);
  })
  .openapi(recent, async (c) => {
    const db = c.get('db');
    const found = await requireVisibleCollection(db, c.get('caller'), c.req.valid('param').id);
    if (found.collection.visibility === 4) throw new ApiError('NOT_FOUND');
    const props = visibleProperties(await listPropertyRows(db, found.collection.id), found.level);
    return c.json(await recentItems(c.get('d1'), found.collection.id, found.level, props, await loansEnabled(c)), 200);
  })
  .openapi(hidden, async (c) => {
    const db = c.get('db');
    const found = await requireCollectionRole(db, callerOf(c), c.req.valid('param').id, 'editor');
    const props = visibleProperties(await listPropertyRows(db, found.collection.id), found.level, true);
    return c.json({ items: await hiddenItemsOf(c.get('d1'), found.collection.id, props, await loansEnabled(c)) }, 200);
  })
  .openapi(create, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const found = await requireCollectionRole(db, caller, c.req.valid('param').id, 'editor');
    const props = await listPropertyRows(db, found.collection.id);
    const [id] = await createItems(writeContext(c), found.collection.id, props, [c.req.valid('json')]);
    const row = await requireItem(c.get('d1'), found.collection.id, id!);
    return c.json(toItem(row, props, caller, true, await lendingOf(c, row, found.collection, true)), 201, etagHeader(row));
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
    return c.json(toItem(row, props, caller, owner, await lendingOf(c, row, found.collection, owner)), 200, etagHeader(row));
  })
  .openapi(update, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const { id, iid } = c.req.valid('param');
    const found = await requireCollectionRole(db, caller, id, 'editor');
    const current = await requireItem(c.get('d1'), found.collection.id, iid);
    const props = await listPropertyRows(db, found.collection.id);
    const patch = c.req.valid('json');
    const pre = precondition(c.req.valid('header')['if-match'], current.version, patch.version);
    await conditionally(pre, () => updateItem(writeContext(c), current, props, { ...patch, version: pre.version }));
    // Copies added while people wait are offered to the next in line at once, as a returned copy is.
    if (patch.quantity !== undefined && patch.quantity > current.quantity && (await loansEnabled(c)))
      await offerFreedCopies(c, [current.id]);
    const row = await requireItem(c.get('d1'), found.collection.id, iid);
    return c.json(toItem(row, props, caller, true, await lendingOf(c, row, found.collection, true)), 200, etagHeader(row));
  })
  .openapi(duplicate, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const { id, iid } = c.req.valid('param');
    const found = await requireCollectionRole(db, caller, id, 'editor');
    await requireItem(c.get('d1'), found.collection.id, iid);
    const locale = c.get('locale');
    const copyId = await duplicateItem(writeContext(c), found.collection.id, iid, (title) => translate(locale, 'item.copy', { title }));
    const row = await requireItem(c.get('d1'), found.collection.id, copyId);
    const props = await listPropertyRows(db, found.collection.id);
    return c.json(toItem(row, props, caller, true, await lendingOf(c, row, found.collection, true)), 201, etagHeader(row));
  })
  .openapi(remove, async (c) => {
    const { id, iid } = c.req.valid('param');
    const found = await requireCollectionRole(c.get('db'), callerOf(c), id, 'editor');
    const current = await requireItem(c.get('d1'), found.collection.id, iid);
    const pre = precondition(c.req.valid('header')['if-match'], current.version, undefined);
    await conditionally(pre, () => deleteItem(writeContext(c), current, pre.version));
    return c.body(null, 204);
  });
