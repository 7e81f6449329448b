// POST /collections/:id/media (multipart: "file", and "thumbnail" for images): stores a file and answers
// its media:// value, which the item form then puts into the item's values. Nothing cached changes
// until the item is saved.
import { apiRequest } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/thumbnail';
import { collectionPath } from './keys';

/** The value to store, and what the server found the file to be. */
export interface MediaUpload {
  value: string;
  contentType: string;
  size: number;
}

export async function uploadMedia(collectionId: number, file: File): Promise<MediaUpload> {
  return apiRequest<MediaUpload>(`${collectionPath(collectionId)}/media`, { method: 'POST', formData: await uploadForm(file) });
}
