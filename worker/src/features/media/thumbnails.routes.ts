// Thumbnails of imported pictures. An upload brings the thumbnail the browser made; an import stores
// pictures taken from an archive or fetched by address, and a Worker has no image library to shrink them.
// So the import names each one in thumbnails_wanted, and the owner's browser, while the collection is
// open, asks for a few, loads each original, makes its thumbnail as it does for uploads and sends it
// here. Lists and mosaics show the original until then. Pictures whose thumbnail came before small
// ones existed are named again by the media sweep, and get their small one the same way.
import { createRoute, z } from '@hono/zod-openapi';
import { wantedThumbnails } from '@shared/schemas/media';
import { mediaCollectionId } from '@shared/values';
import { ApiError } from '@worker/lib/api-error';
import {
  type CheckedThumbnail,
  mediaKeyOf,
  putThumbnail,
  readThumbnail,
  smallThumbnailKey,
  SMALL_THUMBNAIL_MAX_BYTES,
  thumbnailKey,
  THUMBNAIL_MAX_BYTES,
  uploadLimit,
} from '@worker/lib/media';
import { bearer, errors, jsonContent } from '@worker/lib/openapi';
import { createRouter } from '@worker/lib/router';
import { callerOf, requireUser } from '@worker/middleware/auth';
import { requireCollectionRole } from '../collections/collections.queries';
import { listWantedThumbnails } from './media.queries';
import { forgetWantedThumbnails } from './media.service';

/** Pictures named at once: each costs three R2 look-ups here, and a download and an upload in the browser. */
const WANTED_AT_ONCE = 8;

const owned = { tags: ['Media'], security: bearer, middleware: [requireUser] };
const params = z.object({ id: z.coerce.number().int().positive() });

const wanted = createRoute({
  ...owned,
  method: 'get',
  path: '/collections/{id}/thumbnails/wanted',
  summary: "The owner: a few of the collection's pictures that have no thumbnail or no small one yet (their media:// values)",
  request: { params },
  responses: { 200: jsonContent(wantedThumbnails, 'Pictures to make thumbnails of'), ...errors(401, 403, 404) },
});

const store = createRoute({
  ...owned,
  middleware: [requireUser, uploadLimit(THUMBNAIL_MAX_BYTES + SMALL_THUMBNAIL_MAX_BYTES)],
  method: 'post',
  path: '/collections/{id}/thumbnails',
  summary: "The owner: store the thumbnails of one of the collection's pictures (images of at most 256 KB and 64 KB, checked by content)",
  request: {
    params,
    body: {
      content: {
        'multipart/form-data': {
          schema: z.object({
            value: z.string().openapi({ description: "The picture's media:// value" }),
            thumbnail: z.any().openapi({ type: 'string', format: 'binary', description: 'A small image of the picture' }),
            small: z
              .any()
              .optional()
              .openapi({ type: 'string', format: 'binary', description: 'A smaller one still, for covers in lists on phones' }),
          }),
        },
      },
    },
  },
  responses: { 204: { description: 'Stored' }, ...errors(400, 401, 403, 404, 413, 415) },
});

const giveUp = createRoute({
  ...owned,
  method: 'delete',
  path: '/collections/{id}/thumbnails/wanted',
  summary: 'The owner: no thumbnail can be made of this picture (the browser could not read it); lists keep showing the original',
  request: { params, query: z.object({ value: z.string() }) },
  responses: { 204: { description: 'No longer wanted' }, ...errors(400, 401, 403, 404) },
});

/** The R2 key of one of this collection's pictures, from its media:// value, or a validation error. */
function ownPictureKey(collectionId: number, value: unknown): string {
  const key = typeof value === 'string' && mediaCollectionId(value) === collectionId ? mediaKeyOf(value) : null;
  if (!key) throw new ApiError('VALIDATION_FAILED', { fields: [{ path: 'value', reason: 'not_collection_media', message: '' }] });
  return key;
}

/** A thumbnail sent here, or why it cannot be stored: unlike an upload's, it is all the request is for. */
function usable(checked: Awaited<ReturnType<typeof readThumbnail>>, field: string): CheckedThumbnail {
  if (checked === 'missing') throw new ApiError('VALIDATION_FAILED', { fields: [{ path: field, reason: 'required', message: '' }] });
  if (checked === 'too_large') throw new ApiError('PAYLOAD_TOO_LARGE');
  if (checked === 'not_image') throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
  return checked;
}

export const thumbnailRoutes = createRouter()
  .openapi(wanted, async (c) => {
    const { collection } = await requireCollectionRole(c.get('db'), callerOf(c), c.req.valid('param').id, 'editor');
    const results = await listWantedThumbnails(c.env.DB, collection.id, WANTED_AT_ONCE);
    // A picture that has both its thumbnails already (the same picture imported again), or is gone (no
    // item kept it), is wanted no more.
    const checked = await Promise.all(
      results.map(async (value) => {
        const key = mediaKeyOf(value)!;
        const [original, thumbnail, small] = await Promise.all([
          c.env.MEDIA.head(key),
          c.env.MEDIA.head(thumbnailKey(key)),
          c.env.MEDIA.head(smallThumbnailKey(key)),
        ]);
        return { value, wanted: original !== null && (thumbnail === null || small === null) };
      }),
    );
    const settled = checked.filter((p) => !p.wanted).map((p) => p.value);
    if (settled.length > 0) await forgetWantedThumbnails(c.env.DB, collection.id, settled);
    return c.json({ values: checked.filter((p) => p.wanted).map((p) => p.value), more: results.length === WANTED_AT_ONCE }, 200);
  })
  .openapi(store, async (c) => {
    const { collection } = await requireCollectionRole(c.get('db'), callerOf(c), c.req.valid('param').id, 'editor');
    if (!c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data')) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
    const { value, thumbnail, small } = c.req.valid('form');
    const key = ownPictureKey(collection.id, value);
    const checked = usable(await readThumbnail(thumbnail), 'thumbnail');
    const checkedSmall = small === undefined ? null : usable(await readThumbnail(small, SMALL_THUMBNAIL_MAX_BYTES), 'small');
    // Only a picture that is there gets a thumbnail (one left behind would never be deleted); a file or
    // a video is no picture.
    const original = await c.env.MEDIA.head(key);
    if (!original?.httpMetadata?.contentType?.startsWith('image/')) {
      await forgetWantedThumbnails(c.env.DB, collection.id, [value]);
      throw new ApiError('NOT_FOUND');
    }
    await Promise.all([
      putThumbnail(c.env.MEDIA, key, checked),
      checkedSmall && putThumbnail(c.env.MEDIA, key, checkedSmall, smallThumbnailKey),
    ]);
    await forgetWantedThumbnails(c.env.DB, collection.id, [value]);
    return c.body(null, 204);
  })
  .openapi(giveUp, async (c) => {
    const { collection } = await requireCollectionRole(c.get('db'), callerOf(c), c.req.valid('param').id, 'editor');
    const { value } = c.req.valid('query');
    ownPictureKey(collection.id, value);
    await forgetWantedThumbnails(c.env.DB, collection.id, [value]);
    return c.body(null, 204);
  });
