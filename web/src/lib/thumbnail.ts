// Thumbnails are made in the browser before upload (Workers have no image library): lists and mosaics
// then load a few kilobytes per cover instead of the full picture. The server checks the thumbnail by
// content like any upload, and keeps showing the original when there is none.

/** Longest side of a thumbnail, in pixels: twice the largest cover a list shows, for sharp screens. */
const THUMBNAIL_SIZE = 480;

export async function makeThumbnail(file: File): Promise<Blob | null> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, THUMBNAIL_SIZE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.82));
  } catch {
    // An image the browser cannot decode still uploads; it just has no thumbnail.
    return null;
  }
}

/** The multipart body of an upload: the file, and its thumbnail when one could be made. */
export async function uploadForm(file: File): Promise<FormData> {
  const formData = new FormData();
  formData.append('file', file);
  const thumbnail = await makeThumbnail(file);
  if (thumbnail) formData.append('thumbnail', thumbnail, 'thumbnail.webp');
  return formData;
}
