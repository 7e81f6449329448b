// Thumbnails of imported pictures, made here: an import stores pictures as they came (a Worker cannot
// resize them) and the server names those without a thumbnail (GET …/thumbnails/wanted). While the
// owner has the collection open, each is loaded, shrunk as uploads are (thumbnail.ts) and sent back
// (POST …/thumbnails, both sizes); lists and mosaics then load a few kilobytes per cover. One picture at a time, in
// the background: the page never waits for it, and leaving the page stops it (use-thumbnail-maker.ts).
import type { WantedThumbnails } from '@shared/schemas/media';
import { ApiError, apiRequest } from './api-client';
import { fetchMedia } from './fetch-media';
import { appendThumbnails, makeThumbnails } from './thumbnail';

/** Rounds of the wanted list a visit goes through at most (eight pictures each). */
const MAX_ROUNDS = 50;

const thumbnailsPath = (collectionId: number) => `/collections/${collectionId}/thumbnails`;
const wantedPath = (collectionId: number) => `${thumbnailsPath(collectionId)}/wanted`;

/** One picture: loaded, shrunk and sent; or given up when the browser cannot read it. */
async function makeOne(collectionId: number, value: string, signal: AbortSignal): Promise<void> {
  const original = await (await fetchMedia(value, signal)).blob();
  const thumbnails = await makeThumbnails(new File([original], 'picture', { type: original.type }));
  if (signal.aborted) return;
  if (!thumbnails) {
    await apiRequest(`${wantedPath(collectionId)}?value=${encodeURIComponent(value)}`, { method: 'DELETE', signal });
    return;
  }
  const form = new FormData();
  form.set('value', value);
  appendThumbnails(form, thumbnails);
  try {
    await apiRequest(thumbnailsPath(collectionId), { method: 'POST', formData: form, signal });
  } catch (err) {
    // The server would not take this one (the picture went meanwhile, or the thumbnail came out too
    // large): it is not asked again. Anything else (offline, a server error) ends this visit's work.
    if (!(err instanceof ApiError) || err.status < 400 || err.status >= 500) throw err;
    if (err.status !== 404)
      await apiRequest(`${wantedPath(collectionId)}?value=${encodeURIComponent(value)}`, { method: 'DELETE', signal });
  }
}

/** Makes the collection's wanted thumbnails until none is left; answers how many were handled. */
export async function makeWantedThumbnails(collectionId: number, signal: AbortSignal): Promise<number> {
  let handled = 0;
  for (let round = 0; round < MAX_ROUNDS && !signal.aborted; round += 1) {
    const wanted = await apiRequest<WantedThumbnails>(wantedPath(collectionId), { signal });
    for (const value of wanted.values) {
      if (signal.aborted) break;
      await makeOne(collectionId, value, signal);
      handled += 1;
    }
    if (!wanted.more) break;
  }
  return handled;
}
