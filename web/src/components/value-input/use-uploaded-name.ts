// A stored file's key is a random name (collections/3/…uuid….pdf); the name it was uploaded with lives
// in its answer's Content-Disposition. The edit form asks for it with a HEAD request, which reads no body.
import useSWR from 'swr';

/** The file name a Content-Disposition header carries: its UTF-8 `filename*`, else its plain `filename`. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim());
    } catch {
      // A broken encoding: the plain name below is the server's own fallback.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

/** The uploaded name of the file at `src` (a /media address), or null while unknown or when it has none. */
export function useUploadedName(src: string | null): string | null {
  const { data } = useSWR(src ? ['uploaded-name', src] : null, async ([, url]: [string, string]) => {
    const res = await fetch(url, { method: 'HEAD' });
    return res.ok ? dispositionFileName(res.headers.get('content-disposition')) : null;
  });
  return data ?? null;
}
