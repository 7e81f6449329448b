// Collections: the home list (visibility-filtered), create with a template, read, edit, delete, image.
import { createRoute } from '@hono/zod-openapi';
import { COLLECTION_IMAGE_MAX_BYTES } from '@shared/catalogue';
import { idParam } from '@shared/schemas/common';
import { collection, collectionList, collectionListQuery, createCollectionInput, updateCollectionInput } from '@shared/schemas/collections';
import { ApiError } from '@worker/lib/api-error';
import {
  fileWithThumbnailBody,
  readImageFile,
  releaseMedia,
  SMALL_THUMBNAIL_MAX_BYTES,
  storeThumbnails,
  THUMBNAIL_MAX_BYTES,
  toMediaValue,
  uploadLimit,
} from '@worker/lib/media';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { conditionally, etagHeader, ifMatchHeaders, precondition, withEtag } from '@worker/lib/preconditions';
import { createRouter } from '@worker/lib/router';
import { callerOf, optionalUser, requireUser } from '@worker/middleware/auth';
import {
  bannerCovers,
  listCollections,
  requireCollectionRole,
  requireOwnedCollection,
  requireVisibleCollection,
  toCollection,
} from './collections.queries';
import { createCollection, deleteCollectionMedia, deleteCollectionRow, setCollectionImage, updateCollection } from './collections.service';

const tags = ['Collections'];
const byId = { params: idParam };

const list = createRoute({
  method: 'get',
  path: '/collections',
  tags,
  summary: 'Collections the caller may see (mine=true: only the caller’s own)',
  middleware: [optionalUser],
  request: { query: collectionListQuery },
  responses: { 200: jsonContent(collectionList, 'Collections'), ...errors(400, 401) },
});

const create = createRoute({
  method: 'post',
  path: '/collections',
  tags,
  security: bearer,
  summary: 'Create a collection; books, comics, movies and board_games apply a template of properties',
  middleware: [requireUser],
  request: jsonBody(createCollectionInput),
  responses: { 201: withEtag(jsonContent(collection, 'Created')), ...errors(400, 401, 403) },
});

const read = createRoute({
  method: 'get',
  path: '/collections/{id}',
  tags,
  summary: 'One collection',
  middleware: [optionalUser],
  request: byId,
  responses: { 200: withEtag(jsonContent(collection, 'The collection')), ...errors(400, 401, 404) },
});

const update = createRoute({
  method: 'patch',
  path: '/collections/{id}',
  tags,
  security: bearer,
  summary:
    'Edit a collection (owner). Send the version you edited (or its ETag in If-Match): a stale one is refused with 409 STALE_WRITE (412 PRECONDITION_FAILED through If-Match)',
  middleware: [requireUser],
  request: { ...byId, headers: ifMatchHeaders, ...jsonBody(updateCollectionInput) },
  responses: { 200: withEtag(jsonContent(collection, 'Updated')), ...errors(400, 401, 403, 404, 409, 412) },
});

const remove = createRoute({
  method: 'delete',
  path: '/collections/{id}',
  tags,
  security: bearer,
  summary:
    'Delete a collection with its properties, items, values and media (owner; cannot be undone; with If-Match, only the version it names: another is refused with 412 PRECONDITION_FAILED)',
  middleware: [requireUser],
  request: { ...byId, headers: ifMatchHeaders },
  responses: { 204: { description: 'Deleted' }, ...errors(400, 401, 403, 404, 412) },
});

const putImage = createRoute({
  method: 'put',
  path: '/collections/{id}/image',
  tags,
  security: bearer,
  summary: 'Upload the collection image (PNG, JPEG, GIF or WebP, at most 5 MB)',
  middleware: [requireUser, uploadLimit(COLLECTION_IMAGE_MAX_BYTES + THUMBNAIL_MAX_BYTES + SMALL_THUMBNAIL_MAX_BYTES)],
  request: { ...byId, ...fileWithThumbnailBody },
  responses: { 200: withEtag(jsonContent(collection, 'Updated')), ...errors(400, 401, 403, 404, 413, 415) },
});

const deleteImage = createRoute({
  method: 'delete',
  path: '/collections/{id}/image',
  tags,
  security: bearer,
  summary: 'Remove the collection image',
  middleware: [requireUser],
  request: byId,
  responses: { 200: withEtag(jsonContent(collection, 'Updated')), ...errors(400, 401, 403, 404) },
});

export const collectionsRoutes = createRouter()
  .openapi(list, async (c) => {
    const caller = c.get('caller');
    const mine = c.req.valid('query').mine === 'true';
    if (mine && !caller) throw new ApiError('UNAUTHENTICATED');
    return c.json({ collections: await listCollections(c.get('db'), c.get('d1'), caller, mine) }, 200);
  })
  .openapi(create, async (c) => {
    const caller = callerOf(c);
    const row = await createCollection(c.get('db'), caller.id, c.req.valid('json'), c.get('locale'));
    return c.json(toCollection(row, caller.username, caller, 'owner'), 201, etagHeader(row));
  })
  .openapi(read, async (c) => {
    const caller = c.get('caller');
    const found = await requireVisibleCollection(c.get('db'), caller, c.req.valid('param').id);
    const covers = await bannerCovers(c.get('d1'), caller, found.collection);
    return c.json(toCollection(found.collection, found.ownerName, caller, found.role, covers), 200, etagHeader(found.collection));
  })
  .openapi(update, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const found = await requireCollectionRole(db, caller, c.req.valid('param').id, 'co_owner');
    const input = c.req.valid('json');
    const pre = precondition(c.req.valid('header')['if-match'], found.collection.version, input.version);
    const row = await conditionally(pre, () => updateCollection(db, found.collection.id, input, pre.version));
    if (!row) throw new ApiError('NOT_FOUND'); // deleted meanwhile
    // The answer replaces the page's copy of the collection: it keeps the banner's covers.
    return c.json(
      toCollection(row, found.ownerName, caller, found.role, await bannerCovers(c.get('d1'), caller, row)),
      200,
      etagHeader(row),
    );
  })
  .openapi(remove, async (c) => {
    const db = c.get('db');
    const found = await requireOwnedCollection(db, callerOf(c), c.req.valid('param').id);
    const pre = precondition(c.req.valid('header')['if-match'], found.collection.version, undefined);
    await conditionally(pre, () => deleteCollectionRow(db, found.collection.id, pre.version));
    c.executionCtx.waitUntil(deleteCollectionMedia(c.env, found.collection.id));
    return c.body(null, 204);
  })
  .openapi(putImage, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const found = await requireCollectionRole(db, caller, c.req.valid('param').id, 'co_owner');
    const form = c.req.valid('form');
    const image = await readImageFile(c.req.header('content-type'), form.file, COLLECTION_IMAGE_MAX_BYTES);
    const key = `collections/${found.collection.id}/image-${crypto.randomUUID()}.${image.ext}`;
    await c.env.MEDIA.put(key, image.bytes, { httpMetadata: { contentType: image.type } });
    await storeThumbnails(c.env.MEDIA, key, form);
    const row = await setCollectionImage(db, found.collection.id, toMediaValue(key));
    if (found.collection.image)
      c.executionCtx.waitUntil(releaseMedia(c.get('d1'), c.env.MEDIA, found.collection.id, [found.collection.image]));
    if (!row) throw new ApiError('NOT_FOUND'); // deleted meanwhile
    return c.json(toCollection(row, found.ownerName, caller, found.role), 200, etagHeader(row));
  })
  .openapi(deleteImage, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const found = await requireCollectionRole(db, caller, c.req.valid('param').id, 'co_owner');
    const row = await setCollectionImage(db, found.collection.id, null);
    if (found.collection.image)
      c.executionCtx.waitUntil(releaseMedia(c.get('d1'), c.env.MEDIA, found.collection.id, [found.collection.image]));
    if (!row) throw new ApiError('NOT_FOUND'); // deleted meanwhile
    return c.json(
      toCollection(row, found.ownerName, caller, found.role, await bannerCovers(c.get('d1'), caller, row)),
      200,
      etagHeader(row),
    );
  });
