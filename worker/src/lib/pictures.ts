// Pictures the Worker stores itself (an import's covers and zipped pictures, a source's cover): named by
// their content, so the same picture twice is one object; their thumbnails made later.
import type { Env } from '../env';
import { FetchRefused, guardedFetch } from './guarded-fetch';
import { sniffImage, toMediaValue } from './media';

export async function contentName(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Pictures stored here have no thumbnail yet (a Worker cannot resize an image): the owner's browser
 * makes them later (features/media/thumbnails.routes.ts).
 */
export const wantThumbnails = (env: Env, collectionId: number, values: string[]) =>
  env.DB.prepare('INSERT OR IGNORE INTO thumbnails_wanted (collection_id, value) SELECT ?1, value FROM json_each(?2)').bind(
    collectionId,
    JSON.stringify(values),
  );

/** Stores an image in the collection's media under its content's name; gives its media value. */
export async function storePicture(
  env: Env,
  collectionId: number,
  bytes: Uint8Array,
  image: { type: string; ext: string },
): Promise<string> {
  const key = `collections/${collectionId}/${await contentName(bytes)}.${image.ext}`;
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: image.type } });
  return toMediaValue(key);
}

/** A cover is an image: at most this many bytes, fetched within this time. */
const COVER_MAX_BYTES = 5 * 1024 * 1024;
const COVER_TIMEOUT_MS = 15_000;

/** One address fetched and stored: its media value, or `!` and why it gave no picture. */
export async function fetchCover(env: Env, collectionId: number, address: string): Promise<string> {
  try {
    const fetched = await guardedFetch(env, address, {
      maxBytes: COVER_MAX_BYTES,
      timeoutMs: COVER_TIMEOUT_MS,
      headers: { accept: 'image/*' },
    });
    const image = sniffImage(fetched.bytes);
    if (!image) return '!not_image';
    return await storePicture(env, collectionId, fetched.bytes, image);
  } catch (err) {
    if (err instanceof FetchRefused) return `!${err.problem}`;
    throw err;
  }
}
