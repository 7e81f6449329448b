// GET /media/<key> for a file value: fetched with the session's token (files of private items are only
// served to who may see them), then handed to the browser as a download under its original name.
import { fetchMedia } from '@web/lib/fetch-media';

/** The name in a Content-Disposition header (RFC 6266: filename* first, then filename). */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}

export async function downloadMedia(value: string, fallbackName: string): Promise<void> {
  const response = await fetchMedia(value);
  const fileName = dispositionFileName(response.headers.get('Content-Disposition')) ?? fallbackName;
  const objectUrl = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
  }
}
