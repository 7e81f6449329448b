// POST /collections/:id/media (multipart: "file", and "thumbnail" for images): stores a file and answers
// its media:// value, which the item form then puts into the item's values. Nothing cached changes
// until the item is saved.
import type { MediaUpload } from '@shared/schemas/media';
import { apiRequest } from '@web/lib/api-client';
import { uploadForm } from '@web/lib/thumbnail';
import { collectionPath } from './keys';

export async function uploadMedia(collectionId: number, file: File): Promise<MediaUpload> {
  return apiRequest<MediaUpload>(`${collectionPath(collectionId)}/media`, { method: 'POST', formData: await uploadForm(file) });
}
