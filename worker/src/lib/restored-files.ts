// Files a restore takes out of a backup: typed by their content as uploads are (sniffMedia), never by
// their name, and named by their content as the Worker's own pictures are, so the same file is one object.
import { ITEM_FILE_MAX_BYTES } from '@shared/catalogue';
import type { Env } from '../env';
import { sniffMedia, toMediaValue } from './media';
import { contentName } from './pictures';

/** Whether a file of this size may be restored: no larger than an upload may be. */
export const restorableSize = (size: number) => size <= ITEM_FILE_MAX_BYTES;

/**
 * Stores the file in the collection's media, with the name it was uploaded under (its downloads keep it);
 * gives its media value and whether it is a picture (it then wants a thumbnail).
 */
export async function storeRestoredFile(
  env: Env,
  collectionId: number,
  bytes: Uint8Array,
  uploadedName: string | null,
): Promise<{ value: string; image: boolean }> {
  const media = sniffMedia(bytes);
  const key = `collections/${collectionId}/${await contentName(bytes)}.${media.ext}`;
  await env.MEDIA.put(key, bytes, {
    httpMetadata: { contentType: media.type },
    customMetadata: uploadedName ? { filename: uploadedName } : undefined,
  });
  return { value: toMediaValue(key), image: media.kind === 'image' };
}
