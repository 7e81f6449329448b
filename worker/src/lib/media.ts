// Uploaded media: checked by content (magic bytes), never by name or declared type; stored in R2 under
// unguessable keys; referenced from rows as media://<key>.
import { z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { MEDIA_SCHEME } from '@shared/constants';
import { mediaCollectionId } from '@shared/values';
import { ApiError } from './api-error';

const IMAGE_SIGNATURES: { type: string; ext: string; test: (b: Uint8Array) => boolean }[] = [
  { type: 'image/png', ext: 'png', test: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', ext: 'jpg', test: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', ext: 'gif', test: (b) => starts(b, [0x47, 0x49, 0x46, 0x38]) },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b) => starts(b, [0x52, 0x49, 0x46, 0x46]) && starts(b.subarray(8), [0x57, 0x45, 0x42, 0x50]),
  },
];

function starts(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((value, i) => bytes[i] === value);
}

export function sniffImage(bytes: Uint8Array): { type: string; ext: string } | null {
  return IMAGE_SIGNATURES.find((s) => s.test(bytes)) ?? null;
}

const VIDEO_SIGNATURES: { type: string; ext: string; test: (b: Uint8Array) => boolean }[] = [
  // ISO base media (MP4): "ftyp" at offset 4.
  { type: 'video/mp4', ext: 'mp4', test: (b) => starts(b.subarray(4), [0x66, 0x74, 0x79, 0x70]) },
  // Matroska/WebM: EBML magic.
  { type: 'video/webm', ext: 'webm', test: (b) => starts(b, [0x1a, 0x45, 0xdf, 0xa3]) },
  { type: 'video/ogg', ext: 'ogv', test: (b) => starts(b, [0x4f, 0x67, 0x67, 0x53]) },
];

/**
 * What an uploaded file is, by content: an image or a video that browsers show inline, or any other
 * file, stored as application/octet-stream and always served as a download.
 */
export function sniffMedia(bytes: Uint8Array): { kind: 'image' | 'video' | 'file'; type: string; ext: string } {
  const image = sniffImage(bytes);
  if (image) return { kind: 'image', ...image };
  const video = VIDEO_SIGNATURES.find((s) => s.test(bytes));
  if (video) return { kind: 'video', type: video.type, ext: video.ext };
  return { kind: 'file', type: 'application/octet-stream', ext: 'bin' };
}

/**
 * Checks the `file` field of a multipart upload: present, at most maxBytes (413), and an image by its
 * content (415). The body size itself is capped earlier by the route's bodyLimit middleware.
 */
export async function readImageFile(
  contentType: string | undefined,
  file: unknown,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; type: string; ext: string }> {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
  }
  if (!(file instanceof File)) {
    throw new ApiError('VALIDATION_FAILED', {
      fields: [{ path: 'file', reason: 'required', message: '' }],
    });
  }
  if (file.size > maxBytes) throw new ApiError('PAYLOAD_TOO_LARGE');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = sniffImage(bytes);
  if (!image) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
  return { bytes, ...image };
}

/** Caps a request body before it is read (multipart framing adds a little around the file). */
export function uploadLimit(maxBytes: number) {
  return bodyLimit({
    maxSize: maxBytes + 16 * 1024,
    onError: () => {
      throw new ApiError('PAYLOAD_TOO_LARGE');
    },
  });
}

/** OpenAPI description of a single-file multipart upload. */
export const fileUploadBody = {
  body: {
    content: {
      'multipart/form-data': {
        schema: z.object({ file: z.any().openapi({ type: 'string', format: 'binary' }) }),
      },
    },
  },
};

/** An upload with optional thumbnails the browser made (lists and mosaics show these). */
export const fileWithThumbnailBody = {
  body: {
    content: {
      'multipart/form-data': {
        schema: z.object({
          file: z.any().openapi({ type: 'string', format: 'binary' }),
          thumbnail: z.any().optional().openapi({ type: 'string', format: 'binary', description: 'A small image of an image file' }),
          small: z
            .any()
            .optional()
            .openapi({ type: 'string', format: 'binary', description: 'A smaller one still, for covers in lists on phones' }),
        }),
      },
    },
  },
};

export const THUMBNAIL_MAX_BYTES = 256 * 1024;
/** A small thumbnail is a few kilobytes; this leaves room for a photo-like cover at high quality. */
export const SMALL_THUMBNAIL_MAX_BYTES = 64 * 1024;
/** The R2 key of a media object's thumbnail. */
export const thumbnailKey = (key: string) => `${key}.thumb`;
/** The R2 key of a media object's small thumbnail (covers in lists and mosaics on small screens). */
export const smallThumbnailKey = (key: string) => `${key}.small`;
/** A file's own key and its thumbnails' keys: what goes when the file goes. */
export const withThumbnailKeys = (key: string) => [key, thumbnailKey(key), smallThumbnailKey(key)];
/** Whether an R2 key is a thumbnail of another object (never served or swept on its own). */
export const isThumbnailKey = (key: string) => key.endsWith('.thumb') || key.endsWith('.small');

export type CheckedThumbnail = { bytes: Uint8Array; type: string };

/** A thumbnail the browser sent, checked: an image by its content, and small; or why it is not usable. */
export async function readThumbnail(
  thumbnail: unknown,
  maxBytes = THUMBNAIL_MAX_BYTES,
): Promise<CheckedThumbnail | 'missing' | 'too_large' | 'not_image'> {
  if (!(thumbnail instanceof File)) return 'missing';
  if (thumbnail.size > maxBytes) return 'too_large';
  const bytes = new Uint8Array(await thumbnail.arrayBuffer());
  const image = sniffImage(bytes);
  return image ? { bytes, type: image.type } : 'not_image';
}

/** Stores a checked thumbnail beside its picture, under `thumbnailKey` or `smallThumbnailKey`. */
export async function putThumbnail(bucket: R2Bucket, key: string, thumbnail: CheckedThumbnail, keyOf = thumbnailKey): Promise<void> {
  await bucket.put(keyOf(key), thumbnail.bytes, { httpMetadata: { contentType: thumbnail.type } });
}

/**
 * Stores the thumbnails of an image, those that came with it: each must itself be an image (by content)
 * and small. A missing or unusable one is not an error: lists then show the next size up.
 */
export async function storeThumbnails(
  bucket: R2Bucket,
  key: string,
  form: { thumbnail?: unknown; small?: unknown },
): Promise<{ thumbnail: boolean; small: boolean }> {
  const [thumbnail, small] = await Promise.all([readThumbnail(form.thumbnail), readThumbnail(form.small, SMALL_THUMBNAIL_MAX_BYTES)]);
  await Promise.all([
    typeof thumbnail === 'string' ? null : putThumbnail(bucket, key, thumbnail),
    typeof small === 'string' ? null : putThumbnail(bucket, key, small, smallThumbnailKey),
  ]);
  return { thumbnail: typeof thumbnail !== 'string', small: typeof small !== 'string' };
}

export function mediaKeyOf(value: string | null | undefined): string | null {
  return value?.startsWith(MEDIA_SCHEME) ? value.slice(MEDIA_SCHEME.length) : null;
}

export function toMediaValue(key: string): string {
  return `${MEDIA_SCHEME}${key}`;
}

/**
 * Of these media values, the ones some item value or collection picture still names, lower-cased. One
 * query however many values (an item's files on release, a page of the daily sweep).
 */
export async function mediaStillUsed(d1: D1Database, values: readonly string[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const { results } = await d1
    .prepare(
      `SELECT sort_text AS used FROM item_values
       WHERE sort_text IN (SELECT lower(value) FROM json_each(?1)) AND sort_text LIKE 'media://%'
       UNION SELECT image FROM collections WHERE image IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(values))
    .all<{ used: string }>();
  return new Set(results.map((r) => r.used.toLowerCase()));
}

/**
 * Files stop being stored once nothing uses them: after an item lets go of media values, or a
 * collection of its picture, each file (with its thumbnails) is removed from R2 unless another value or
 * a collection picture still names it. Only the collection's own files can go: a value naming anything
 * else (another collection's file, an avatar, a thumbnail) is never deleted, whatever the data says.
 */
export async function releaseMedia(d1: D1Database, bucket: R2Bucket, collectionId: number, values: Iterable<string>): Promise<void> {
  const own = [...values].filter((value) => mediaCollectionId(value) === collectionId);
  const used = await mediaStillUsed(d1, own);
  const keys = own.filter((value) => !used.has(value.toLowerCase())).map((value) => mediaKeyOf(value)!);
  if (keys.length > 0) await bucket.delete(keys.flatMap(withThumbnailKeys));
}

/** Longest file name kept, in characters: file systems take 255 bytes, and a name is rarely longer. */
const FILE_NAME_MAX_LENGTH = 150;

/**
 * The uploaded name as it will be offered on download: what a browser sends is already a base name, but
 * any client may send a path or control characters, so those go; everything else (spaces, accents,
 * apostrophes, brackets) is kept, since the header encodes it.
 */
export function storedFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^\.+/, '');
  return [...clean].slice(0, FILE_NAME_MAX_LENGTH).join('') || 'file';
}
