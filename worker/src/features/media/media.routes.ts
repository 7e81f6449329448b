// Media in R2. Uploads for a collection's items are checked by content; files are served under
// /media/<key> only to callers allowed to see what they belong to. Avatars live under unguessable keys
// (a random UUID per upload) and are served to whoever holds the address.
import { createRoute, z } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { ITEM_FILE_MAX_BYTES } from '@shared/catalogue';
import { AVATAR_KEY_PREFIX, IMAGE_MEDIA_TYPES, VIDEO_MEDIA_TYPES } from '@shared/constants';
import { mediaTicket, mediaUpload } from '@shared/schemas/media';
import type { AppEnv, Caller } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { contentDisposition } from '@worker/lib/content-disposition';
import {
  fileWithThumbnailBody,
  isThumbnailKey,
  smallThumbnailKey,
  SMALL_THUMBNAIL_MAX_BYTES,
  sniffMedia,
  storedFileName,
  storeThumbnails,
  thumbnailKey,
  THUMBNAIL_MAX_BYTES,
  toMediaValue,
  uploadLimit,
} from '@worker/lib/media';
import { bearer, errors, jsonContent } from '@worker/lib/openapi';
import { createRouter } from '@worker/lib/router';
import { signMediaTicket, verifyMediaTicket } from '@worker/lib/tokens';
import { callerLevel, collectionVisible } from '@worker/lib/visibility';
import { callerOf, optionalUser, requireUser, sessionCaller } from '@worker/middleware/auth';
import { findCollection, requireCollectionRole } from '../collections/collections.queries';
import { mediaValueVisible } from './media.queries';

/** Shown in the page; anything else is always a download. */
const INLINE_TYPES: ReadonlySet<string> = new Set([...IMAGE_MEDIA_TYPES, ...VIDEO_MEDIA_TYPES]);

const upload = createRoute({
  method: 'post',
  path: '/collections/{id}/media',
  tags: ['Media'],
  security: bearer,
  summary:
    'Upload a file for item values (at most 20 MB), with optional thumbnails of an image (480 and 200 px); answers the media:// value to store',
  middleware: [requireUser, uploadLimit(ITEM_FILE_MAX_BYTES + THUMBNAIL_MAX_BYTES + SMALL_THUMBNAIL_MAX_BYTES)],
  request: { params: z.object({ id: z.coerce.number().int().positive() }), ...fileWithThumbnailBody },
  responses: { 201: jsonContent(mediaUpload, 'Stored'), ...errors(400, 401, 403, 404, 413, 415) },
});

const ticket = createRoute({
  method: 'get',
  path: '/media-ticket',
  tags: ['Media'],
  security: bearer,
  summary: 'A one-hour ticket for /media addresses (?t=…), which browsers load without the bearer header',
  middleware: [requireUser],
  responses: { 200: jsonContent(mediaTicket, 'Ticket'), ...errors(401) },
});

export const mediaApiRoutes = createRouter()
  .openapi(upload, async (c) => {
    const db = c.get('db');
    const found = await requireCollectionRole(db, callerOf(c), c.req.valid('param').id, 'editor');
    if (!c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data')) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
    const form = c.req.valid('form');
    const file = form.file;
    if (!(file instanceof File)) {
      throw new ApiError('VALIDATION_FAILED', { fields: [{ path: 'file', reason: 'required', message: '' }] });
    }
    if (file.size > ITEM_FILE_MAX_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const media = sniffMedia(bytes);
    const key = `collections/${found.collection.id}/${crypto.randomUUID()}.${media.ext}`;
    // The original name only travels in the download's Content-Disposition (encoded there).
    const filename = storedFileName(file.name);
    await c.env.MEDIA.put(key, bytes, { httpMetadata: { contentType: media.type }, customMetadata: { filename } });
    const stored = media.kind === 'image' ? await storeThumbnails(c.env.MEDIA, key, form) : { thumbnail: false, small: false };
    return c.json({ value: toMediaValue(key), kind: media.kind, contentType: media.type, size: bytes.length, ...stored }, 201);
  })
  .openapi(ticket, async (c) => {
    const caller = callerOf(c);
    return c.json(await signMediaTicket(c.env.APP_SECRET, { userId: caller.id, sessionId: caller.sessionId }), 200);
  });

/** The caller of a /media request: the bearer token, or else a media ticket in ?t= whose session still lives. */
async function mediaCaller(c: Context<AppEnv>): Promise<Caller | null> {
  const fromToken = c.get('caller');
  if (fromToken) return fromToken;
  const t = c.req.query('t');
  const claims = t ? await verifyMediaTicket(c.env.APP_SECRET, t) : null;
  return claims ? sessionCaller(c.get('db'), claims) : null;
}

async function mayServe(c: Context<AppEnv>, key: string): Promise<boolean> {
  if (key.startsWith(AVATAR_KEY_PREFIX)) return true;
  const match = /^collections\/(\d+)\/[A-Za-z0-9._-]+$/.exec(key);
  if (!match) return false;
  // The caller's role is read on every request, so a removed member's ticket stops working at once.
  const caller = await mediaCaller(c);
  const found = await findCollection(c.get('db'), Number(match[1]), caller);
  if (!found) return false;
  if (found.role === 'owner') return true;
  if (!collectionVisible(found.collection.visibility, caller, found.role)) return false;
  const level = callerLevel(caller, found.role);
  const value = toMediaValue(key);
  if (found.collection.image === value) return true;
  return mediaValueVisible(c.get('d1'), found.collection.id, value, level);
}

/** The R2 key an address names, or null when its percent-encoding is broken (no such file then). */
function keyOf(path: string): string | null {
  try {
    return decodeURIComponent(path.slice('/media/'.length));
  } catch {
    return null;
  }
}

/**
 * ?size=small: the smaller image made at upload, else the thumbnail; ?size=thumb: the thumbnail. Null
 * when there is none of them (the original then stands in).
 */
async function sizedThumbnail(bucket: R2Bucket, key: string, size: string | undefined): Promise<R2ObjectBody | null> {
  const small = size === 'small' ? await bucket.get(smallThumbnailKey(key)) : null;
  if (small) return small;
  return size === 'small' || size === 'thumb' ? bucket.get(thumbnailKey(key)) : null;
}

export const mediaRoutes = new Hono<AppEnv>()
  .get('/*', optionalUser, async (c) => {
    const key = keyOf(c.req.path);
    if (key === null || key.includes('..') || isThumbnailKey(key) || !(await mayServe(c, key))) throw new ApiError('NOT_FOUND');
    const size = c.req.query('size');
    const thumbnail = await sizedThumbnail(c.env.MEDIA, key, size);
    const object = thumbnail ?? (await c.env.MEDIA.get(key));
    if (!object) throw new ApiError('NOT_FOUND');
    const headers = new Headers();
    object.writeHttpMetadata(headers);
    const type = headers.get('content-type') ?? 'application/octet-stream';
    // Images and videos show in the page, anything else downloads; both keep the uploaded name for saving.
    const uploadedName = object.customMetadata?.filename;
    if (!INLINE_TYPES.has(type)) headers.set('Content-Disposition', contentDisposition('attachment', uploadedName ?? 'file'));
    else if (uploadedName) headers.set('Content-Disposition', contentDisposition('inline', uploadedName));
    headers.set('ETag', object.httpEtag);
    // Each upload gets a new key, so an address never changes content; private media stay out of shared caches.
    // The original standing in for a thumbnail not made yet (an imported picture's) is kept only minutes.
    const standIn = (size === 'thumb' || size === 'small') && !thumbnail;
    headers.set(
      'Cache-Control',
      key.startsWith(AVATAR_KEY_PREFIX)
        ? 'public, max-age=31536000, immutable'
        : standIn
          ? 'private, max-age=300'
          : 'private, max-age=3600',
    );
    headers.set('Content-Security-Policy', "default-src 'none'; sandbox");
    return new Response(object.body, { headers });
  })
  // Files are only read here; uploads go through the API.
  .all('/*', () => {
    throw new ApiError('METHOD_NOT_ALLOWED', { allow: ['GET', 'HEAD'] });
  });
