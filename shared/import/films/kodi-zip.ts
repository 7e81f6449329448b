// A zip of Kodi .nfo files (a library exported to separate files, then zipped): each file's <movie> is
// put in one <movies> document, read as a lone .nfo is (kodi.ts), a record per file. A file without a
// <movie> (a TV show's, an episode's) is passed over.
import { isSystemJunk } from '@shared/zip-junk';

/** The .nfo files this merge reads, wherever they are in the archive. */
export const isNfoName = (name: string) => /\.nfo$/i.test(name) && !isSystemJunk(name);

/** The files' texts as one document of their films; null when none holds a <movie>. */
export function mergeKodiNfos(texts: readonly string[]): string | null {
  const movies = texts.flatMap((text) => {
    // What follows the element (a scraper's address in a "combination" .nfo) is not XML: left out.
    const start = text.search(/<movie[\s>]/);
    const end = text.lastIndexOf('</movie>');
    return start >= 0 && end > start ? [text.slice(start, end + '</movie>'.length)] : [];
  });
  return movies.length > 0 ? `<?xml version="1.0" encoding="UTF-8"?>\n<movies>\n${movies.join('\n')}\n</movies>\n` : null;
}
