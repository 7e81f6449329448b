// Properties of a collection: list (visibility-filtered), create, edit, reorder, delete with values.
import { createRoute, z } from '@hono/zod-openapi';
import { and, eq, ne, sql } from 'drizzle-orm';
import { MAX_PROPERTIES } from '@shared/catalogue';
import {
  createPropertyInput,
  property,
  propertyDeletionInfo,
  propertyList,
  reorderPropertiesInput,
  updatePropertyInput,
} from '@shared/schemas/properties';
import { facetCounts, facetSpans, properties } from '@worker/db/schema';
import type { Db } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { runBatch } from '@worker/lib/batch';
import { normalizeDefault, type PropertyRow } from '@worker/lib/values';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { conditionally, etagHeader, ifMatchHeaders, precondition, withEtag } from '@worker/lib/preconditions';
import { createRouter } from '@worker/lib/router';
import { inlineId } from '@worker/db/inline-id';
import { callerOf, optionalUser, requireUser } from '@worker/middleware/auth';
import { requireCollectionRole, requireVisibleCollection } from '../collections/collections.queries';
import { touchCollection } from '../collections/collections.service';
import {
  countPropertyValues,
  facetItemsSql,
  forgetPropertyValues,
  markSortable,
  propertySpansInsert,
  refreshCollection,
  sortGaps,
  valuesOfProperty,
} from '../items/items.writer';
import { isTemplateLabel } from '../collections/collections.service';
import { inLanguage, listPropertyRows, slugify, toProperty, uniqueKey, visibleProperties } from './properties.queries';

const tags = ['Properties'];
const collectionParam = z.object({ id: z.coerce.number().int().positive() });
const propertyParam = z.object({ id: z.coerce.number().int().positive(), pid: z.coerce.number().int().positive() });

const ROLES = ['isTitle', 'isSubtitle', 'isCover', 'isReference'] as const;
const ROLE_COLUMNS = {
  isTitle: properties.isTitle,
  isSubtitle: properties.isSubtitle,
  isCover: properties.isCover,
  isReference: properties.isReference,
};
/** Changing these changes what search finds or how values are kept, so derived item data is rebuilt. */
const DERIVED_FIELDS = ['searchable', 'isTitle', 'visibility', 'type', 'filterable', 'multiple'] as const;

const list = createRoute({
  method: 'get',
  path: '/collections/{id}/properties',
  tags,
  summary: 'Properties of a collection in display order (the owner sees all)',
  middleware: [optionalUser],
  request: { params: collectionParam },
  responses: { 200: jsonContent(propertyList, 'Properties'), ...errors(400, 401, 404) },
});

const create = createRoute({
  method: 'post',
  path: '/collections/{id}/properties',
  tags,
  security: bearer,
  summary: 'Add a property (its ID is derived from the label when absent)',
  middleware: [requireUser],
  request: { params: collectionParam, ...jsonBody(createPropertyInput) },
  responses: { 201: withEtag(jsonContent(property, 'Created')), ...errors(400, 401, 403, 404, 409) },
});

const read = createRoute({
  method: 'get',
  path: '/collections/{id}/properties/{pid}',
  tags,
  summary: 'One property, with its ETag (the owner sees all)',
  middleware: [optionalUser],
  request: { params: propertyParam },
  responses: { 200: withEtag(jsonContent(property, 'The property')), ...errors(400, 401, 404) },
});

const update = createRoute({
  method: 'patch',
  path: '/collections/{id}/properties/{pid}',
  tags,
  security: bearer,
  summary:
    'Edit a property. Send the version you edited (or its ETag in If-Match): a stale one is refused with 409 STALE_WRITE (412 PRECONDITION_FAILED through If-Match)',
  middleware: [requireUser],
  request: { params: propertyParam, headers: ifMatchHeaders, ...jsonBody(updatePropertyInput) },
  responses: { 200: withEtag(jsonContent(property, 'Updated')), ...errors(400, 401, 403, 404, 409, 412) },
});

const reorder = createRoute({
  method: 'put',
  path: '/collections/{id}/properties/order',
  tags,
  security: bearer,
  summary: 'Set the display order: every property id of the collection, in order',
  middleware: [requireUser],
  request: { params: collectionParam, ...jsonBody(reorderPropertiesInput) },
  responses: { 200: jsonContent(propertyList, 'Reordered'), ...errors(400, 401, 403, 404) },
});

const deletion = createRoute({
  method: 'get',
  path: '/collections/{id}/properties/{pid}/deletion',
  tags,
  security: bearer,
  summary: 'How many item values deleting the property removes',
  middleware: [requireUser],
  request: { params: propertyParam },
  responses: { 200: jsonContent(propertyDeletionInfo, 'Consequences'), ...errors(400, 401, 403, 404) },
});

const remove = createRoute({
  method: 'delete',
  path: '/collections/{id}/properties/{pid}',
  tags,
  security: bearer,
  summary:
    'Delete a property and all its values in items (with If-Match, only the version it names: another is refused with 412 PRECONDITION_FAILED)',
  middleware: [requireUser],
  request: { params: propertyParam, headers: ifMatchHeaders },
  responses: { 204: { description: 'Deleted' }, ...errors(400, 401, 403, 404, 412) },
});

async function requireProperty(db: Db, collectionId: number, propertyId: number): Promise<PropertyRow> {
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.collectionId, collectionId)))
    .limit(1);
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

/** A role (title, subtitle, cover, reference) is held by one property at most: others lose it. */
function clearRoles(db: Db, collectionId: number, keepId: number | null, input: Partial<Record<(typeof ROLES)[number], boolean>>) {
  return ROLES.filter((role) => input[role]).map((role) =>
    db
      .update(properties)
      .set({ [role]: false })
      .where(
        and(
          eq(properties.collectionId, collectionId),
          eq(ROLE_COLUMNS[role], true),
          keepId === null ? undefined : ne(properties.id, keepId),
        ),
      ),
  );
}

/** A property that becomes filterable gets its facet counts from its values; one that stops, loses them. */
function facetCountStatements(db: Db, collectionId: number, propertyId: number, filterable: boolean, type: string) {
  // (With a date's spans and a number's, facet-spans.ts.)
  const clear = [
    db.delete(facetCounts).where(eq(facetCounts.propertyId, propertyId)),
    db.delete(facetSpans).where(eq(facetSpans.propertyId, propertyId)),
  ];
  if (!filterable) return clear;
  return [
    ...clear,
    db.run(
      sql.raw(`INSERT INTO facet_counts (property_id, sort_key, value, sort_number, count_everyone, count_logged_in, count_owner, items)
      SELECT property_id, coalesce(sort_text, CAST(sort_number AS TEXT)), min(value), min(sort_number),
        sum(level = 0), sum(level <= 1), sum(level <= 3), ${facetItemsSql('item_values')}
      FROM item_values WHERE ${valuesOfProperty(collectionId, propertyId)} GROUP BY coalesce(sort_text, CAST(sort_number AS TEXT))`),
    ),
    ...(type === 'date' ? [db.run(sql.raw(propertySpansInsert(collectionId, propertyId)))] : []),
  ];
}

export const propertiesRoutes = createRouter()
  .openapi(list, async (c) => {
    const db = c.get('db');
    const found = await requireVisibleCollection(db, c.get('caller'), c.req.valid('param').id);
    const rows = await listPropertyRows(db, found.collection.id, c.get('locale'));
    return c.json({ properties: visibleProperties(rows, found.level, true).map(toProperty) }, 200);
  })
  .openapi(create, async (c) => {
    const db = c.get('db');
    const found = await requireCollectionRole(db, callerOf(c), c.req.valid('param').id, 'co_owner');
    const collectionId = found.collection.id;
    const input = c.req.valid('json');
    const existing = await listPropertyRows(db, collectionId);
    if (existing.length >= MAX_PROPERTIES) {
      throw new ApiError('VALIDATION_FAILED', { fields: [{ path: 'label', reason: 'too_big', message: '' }] });
    }
    const taken = new Set(existing.map((p) => p.key));
    if (input.key && taken.has(input.key)) throw new ApiError('PROPERTY_KEY_TAKEN');
    const key = input.key ?? uniqueKey(slugify(input.label), taken);
    const defaultValue = normalizeDefault(
      { type: input.type, multiple: input.multiple, collectionId: found.collection.id },
      input.defaultValue,
    );
    const displayOrder = input.displayOrder ?? Math.max(-1, ...existing.map((p) => p.displayOrder)) + 1;
    const insert = db
      .insert(properties)
      .values({
        ...input,
        key,
        collectionId,
        displayOrder,
        defaultValue,
        description: input.description ?? null,
        suffix: input.suffix ?? null,
      })
      .returning();
    // Clearing roles first lets the new property take them in the same transaction.
    const clears = clearRoles(db, collectionId, null, input);
    // A sortable property starts with every item in its sort gaps (one row each, written once).
    const gaps = input.sortable
      ? sortGaps(db, { collectionId }, `p.id = (SELECT max(id) FROM properties WHERE collection_id = ${inlineId(collectionId)})`, 'fill')
      : [];
    const results = await runBatch(db, [...clears, insert, touchCollection(db, collectionId), ...gaps]);
    const inserted = results[clears.length] as PropertyRow[];
    return c.json(toProperty(inserted[0]!), 201, etagHeader(inserted[0]!));
  })
  .openapi(read, async (c) => {
    const db = c.get('db');
    const { id, pid } = c.req.valid('param');
    const found = await requireVisibleCollection(db, c.get('caller'), id);
    const row = await requireProperty(db, found.collection.id, pid);
    // As the list shows them: those of the caller's level, and every one to the owner.
    if (visibleProperties([row], found.level, true).length === 0) throw new ApiError('NOT_FOUND');
    return c.json(toProperty(inLanguage(row, c.get('locale'))), 200, etagHeader(row));
  })
  .openapi(update, async (c) => {
    const db = c.get('db');
    const { id, pid } = c.req.valid('param');
    const found = await requireCollectionRole(db, callerOf(c), id, 'co_owner');
    const current = await requireProperty(db, found.collection.id, pid);
    const input = c.req.valid('json');
    if (input.key && input.key !== current.key) {
      const [clash] = await db
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.collectionId, found.collection.id), eq(properties.key, input.key)))
        .limit(1);
      if (clash) throw new ApiError('PROPERTY_KEY_TAKEN');
    }
    if (input.type && input.type !== current.type) {
      if ((await countPropertyValues(c.get('d1'), found.collection.id, current)) > 0) throw new ApiError('PROPERTY_HAS_VALUES');
    }
    const type = input.type ?? current.type;
    const multiple = input.multiple ?? current.multiple;
    const { defaultValue, version: _version, ...fields } = input;
    const pre = precondition(c.req.valid('header')['if-match'], current.version, input.version);
    const changes: Partial<PropertyRow> = fields;
    // Named by the owner (another label, or another key), the property no longer follows the template's
    // label into each reader's language. Saving the label shown, in any language, is not a new name.
    const key = input.key ?? current.key;
    if (
      current.labelTemplate &&
      (key !== current.key || (input.label !== undefined && !isTemplateLabel(current.labelTemplate, key, input.label)))
    ) {
      changes.labelTemplate = null;
    }
    // Another type, or filterable no more or again: a number's spans go with its counts (facetCountStatements),
    // and its width with them, chosen again when a range needs them (facet-spans.ts).
    if ((input.type && input.type !== current.type) || (input.filterable !== undefined && input.filterable !== current.filterable))
      changes.spanWidth = null;
    // The default is re-checked whenever it, the type or the multiple flag changes.
    if ('defaultValue' in input || input.type || input.multiple !== undefined) {
      const raw =
        'defaultValue' in input ? defaultValue : current.defaultValue === null ? null : (JSON.parse(current.defaultValue) as unknown);
      changes.defaultValue = normalizeDefault({ type, multiple, collectionId: found.collection.id }, raw);
    }
    // Nothing to write (an empty body): the property as it is, rather than an UPDATE with no columns.
    if (Object.values(changes).every((value) => value === undefined)) {
      if (pre.fromHeader && pre.version !== current.version) throw new ApiError('PRECONDITION_FAILED');
      return c.json(toProperty(inLanguage(current, c.get('locale'))), 200, etagHeader(current));
    }
    const refresh = DERIVED_FIELDS.some((f) => input[f] !== undefined && input[f] !== current[f]);
    const { version } = pre;
    const statements = [
      db
        .update(properties)
        .set({ ...changes, version: version !== undefined ? version + 1 : sql`${properties.version} + 1` })
        .where(eq(properties.id, pid))
        .returning(),
      ...clearRoles(db, found.collection.id, pid, input),
      touchCollection(db, found.collection.id),
      ...(refresh ? refreshCollection(db, found.collection.id, 'data-and-search') : []),
      ...(input.filterable !== undefined && input.filterable !== current.filterable
        ? facetCountStatements(db, found.collection.id, pid, input.filterable, type)
        : []),
      ...(input.sortable !== undefined && input.sortable !== current.sortable
        ? markSortable(db, found.collection.id, pid, input.sortable)
        : []),
    ];
    const results = await conditionally(pre, () => runBatch(db, statements));
    // Deleted by another request since it was read: the update matched nothing.
    const [updated] = results[0] as PropertyRow[];
    if (!updated) throw new ApiError('NOT_FOUND');
    return c.json(toProperty(inLanguage(updated, c.get('locale'))), 200, etagHeader(updated));
  })
  .openapi(reorder, async (c) => {
    const db = c.get('db');
    const found = await requireCollectionRole(db, callerOf(c), c.req.valid('param').id, 'co_owner');
    const { ids } = c.req.valid('json');
    const rows = await listPropertyRows(db, found.collection.id);
    const known = new Set(rows.map((r) => r.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((i) => !known.has(i))) {
      throw new ApiError('VALIDATION_FAILED', { fields: [{ path: 'ids', reason: 'invalid', message: '' }] });
    }
    await runBatch(db, [
      ...ids.map((pid, index) => db.update(properties).set({ displayOrder: index }).where(eq(properties.id, pid))),
      touchCollection(db, found.collection.id),
    ]);
    return c.json({ properties: (await listPropertyRows(db, found.collection.id, c.get('locale'))).map(toProperty) }, 200);
  })
  .openapi(deletion, async (c) => {
    const db = c.get('db');
    const { id, pid } = c.req.valid('param');
    const found = await requireCollectionRole(db, callerOf(c), id, 'co_owner');
    const prop = await requireProperty(db, found.collection.id, pid);
    return c.json({ valueCount: await countPropertyValues(c.get('d1'), found.collection.id, prop) }, 200);
  })
  .openapi(remove, async (c) => {
    const db = c.get('db');
    const { id, pid } = c.req.valid('param');
    const found = await requireCollectionRole(db, callerOf(c), id, 'co_owner');
    const prop = await requireProperty(db, found.collection.id, pid);
    const pre = precondition(c.req.valid('header')['if-match'], prop.version, undefined);
    const { version } = pre;
    // Values go first (facet counts follow them) and leave the items' cached data, then the property;
    // search forgets their text when it was indexed. With If-Match, the version it names is moved on
    // first, which properties_stale_write refuses for another, leaving the whole batch unwritten.
    const statements = [
      ...(version !== undefined
        ? [
            db
              .update(properties)
              .set({ version: version + 1 })
              .where(eq(properties.id, pid)),
          ]
        : []),
      ...forgetPropertyValues(db, found.collection.id, pid),
      db.delete(properties).where(eq(properties.id, pid)),
      touchCollection(db, found.collection.id),
      ...(prop.searchable || prop.isTitle || prop.filterable ? refreshCollection(db, found.collection.id, 'search') : []),
    ];
    await conditionally(pre, () => runBatch(db, statements));
    return c.body(null, 204);
  });
