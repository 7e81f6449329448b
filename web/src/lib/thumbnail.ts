// Thumbnails are made in the browser before upload (Workers have no image library): lists and mosaics
// then load a few kilobytes per cover instead of the full picture. The server checks each by content
// like any upload, and serves the next size up when one is missing.

/** Longest side of a thumbnail, in pixels: twice the largest cover a mosaic or shop card shows, for sharp screens. */
const THUMBNAIL_SIZE = 480;
/**
 * Longest side of a small thumbnail: a list's cover is 3rem by 4rem (64 CSS px high), 128 px on a
 * DPR 2 phone; 192 leaves room for wider pictures (a portrait one is announced as 128 px wide).
 */
const SMALL_THUMBNAIL_SIZE = 192;
const QUALITY = 0.82;

export interface Thumbnails {
  thumbnail: Blob;
  small: Blob;
}

/** The picture drawn with its longest side at most `size`, as WebP; null when the canvas cannot. */
async function shrink(
  source: CanvasImageSource,
  width: number,
  height: number,
  size: number,
): Promise<{ canvas: HTMLCanvasElement; blob: Blob } | null> {
  const scale = Math.min(1, size / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', QUALITY));
  return blob && { canvas, blob };
}

/** Both thumbnails of an image file (the small one drawn from the larger), or null for any other file. */
export async function makeThumbnails(file: File): Promise<Thumbnails | null> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const thumbnail = await shrink(bitmap, bitmap.width, bitmap.height, THUMBNAIL_SIZE);
    bitmap.close();
    if (!thumbnail) return null;
    const small = await shrink(thumbnail.canvas, thumbnail.canvas.width, thumbnail.canvas.height, SMALL_THUMBNAIL_SIZE);
    return small && { thumbnail: thumbnail.blob, small: small.blob };
  } catch {
    // An image the browser cannot decode still uploads; it just has no thumbnail.
    return null;
  }
}

/** Adds both thumbnails to a multipart body, under the names the server reads. */
export function appendThumbnails(form: FormData, thumbnails: Thumbnails): void {
  form.append('thumbnail', thumbnails.thumbnail, 'thumbnail.webp');
  form.append('small', thumbnails.small, 'small.webp');
}

/** The multipart body of an upload: the file, and its thumbnails when they could be made. */
export async function uploadForm(file: File): Promise<FormData> {
  const formData = new FormData();
  formData.append('file', file);
  const thumbnails = await makeThumbnails(file);
  if (thumbnails) appendThumbnails(formData, thumbnails);
  return formData;
}
