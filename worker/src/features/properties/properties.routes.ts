// Properties of a collection: list (visibility-filtered), create, edit, reorder, delete with values.
import { createRoute, z } from '@hono/zod-openapi';
import { MAX_PROPERTIES } from '@shared/catalogue';
import {
  createPropertyInput,
  property,
  propertyDeletionInfo,
  propertyList,
  reorderPropertiesInput,
  updatePropertyInput,
} from '@shared/schemas/properties';
import { ApiError } from '@worker/lib/api-error';
import { normalizeDefault, type PropertyRow } from '@worker/lib/values';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { conditionally, etagHeader, ifMatchHeaders, precondition, withEtag } from '@worker/lib/preconditions';
import { createRouter } from '@worker/lib/router';
import { callerOf, optionalUser, requireUser } from '@worker/middleware/auth';
import { requireCollectionRole, requireVisibleCollection } from '../collections/collections.queries';
import { countPropertyValues } from '../items/items.writer';
import { isTemplateLabel } from '../collections/collections.service';
import {
  inLanguage,
  listPropertyRows,
  propertyKeyTaken,
  requireProperty,
  slugify,
  toProperty,
  uniqueKey,
  visibleProperties,
} from './properties.queries';
import { deleteProperty, insertProperty, reorderProperties, updateProperty } from './properties.service';

const tags = ['Properties'];
const collectionParam = z.object({ id: z.coerce.number().int().positive() });
const propertyParam = z.object({ id: z.coerce.number().int().positive(), pid: z.coerce.number().int().positive() });

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
    const inserted = await insertProperty(db, collectionId, {
      ...input,
      key,
      displayOrder,
      defaultValue,
      description: input.description ?? null,
      suffix: input.suffix ?? null,
    });
    return c.json(toProperty(inserted), 201, etagHeader(inserted));
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
      if (await propertyKeyTaken(db, found.collection.id, input.key)) throw new ApiError('PROPERTY_KEY_TAKEN');
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
    const updated = await conditionally(pre, () =>
      updateProperty(db, found.collection.id, current, input, { changes, type, version: pre.version }),
    );
    // Deleted by another request since it was read: the update matched nothing.
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
    await reorderProperties(db, found.collection.id, ids);
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
    await conditionally(pre, () => deleteProperty(db, found.collection.id, prop, pre.version));
    return c.body(null, 204);
  });
