// A phone's photo is often larger than an upload may be (20 MB for item files, 5 MB for a collection's
// picture, 2 MB for an avatar). Rather than refuse it, the browser scales it down and encodes it again
// until it fits; the server then checks the result by content like any upload. Animated GIFs are left
// alone (a canvas keeps only their first frame), and so is anything the browser cannot decode.

/** Longest sides tried in turn: sharp on any screen first, smaller only if the file is still too big. */
const SIDES = [4096, 2560, 1920, 1280, 960];
const QUALITY = 0.85;

const RESIZABLE = ['image/jpeg', 'image/png', 'image/webp'];

function encodedType(type: string): string {
  // Photos stay JPEG; PNG and WebP may be transparent, which JPEG would fill with black.
  return type === 'image/jpeg' ? 'image/jpeg' : 'image/webp';
}

function renamed(name: string, type: string): string {
  const extension = type === 'image/jpeg' ? '.jpg' : '.webp';
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'image'}${extension}`;
}

/** The file itself when it fits or cannot be resized; otherwise a smaller copy that fits, if one does. */
export async function fitImage(file: File, maxBytes: number): Promise<File> {
  if (file.size <= maxBytes || !RESIZABLE.includes(file.type) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const type = encodedType(file.type);
    const longest = Math.max(bitmap.width, bitmap.height);
    for (const side of SIDES) {
      const scale = Math.min(1, side / longest);
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext('2d');
      if (!context) return file;
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, QUALITY));
      if (blob && blob.size <= maxBytes) {
        return new File([blob], renamed(file.name, type), { type, lastModified: file.lastModified });
      }
    }
    return file;
  } finally {
    bitmap.close();
  }
}
