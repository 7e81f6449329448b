// Film programs' archives whose records are spread over several files: a Letterboxd export (its CSV
// files merged, a row per film) and a zip of Kodi .nfo files (a record per file). Each is made into one
// document, read as the program's single file is, the same way in the browser and the Worker.
import { ImportFileError } from '../errors';
import { readZipEntries, ZIP_MAX_DOCUMENT_BYTES, type ZipEntry } from '../zip';
import { isLetterboxdZipFile, mergeLetterboxdExport } from './letterboxd-zip';
import { isNfoName, mergeKodiNfos } from './kodi-zip';

const decoder = new TextDecoder();

/** The one document a film program's archive makes, or null when the archive is not one of theirs. */
export function filmZipDocument(bytes: Uint8Array, names: readonly string[]): { name: string; bytes: Uint8Array } | null {
  if (names.some(isLetterboxdZipFile)) {
    const files = new Map(documentEntries(bytes, isLetterboxdZipFile).map((e) => [e.name, decoder.decode(e.bytes)]));
    const merged = mergeLetterboxdExport(files);
    if (merged !== null) return { name: 'letterboxd.csv', bytes: new TextEncoder().encode(merged) };
  }
  if (names.some(isNfoName)) {
    const merged = mergeKodiNfos(documentEntries(bytes, isNfoName).map((e) => decoder.decode(e.bytes)));
    if (merged !== null) return { name: 'movies.nfo', bytes: new TextEncoder().encode(merged) };
  }
  return null;
}

/** The entries `want` picks, together no larger than a document alone may be (a zip bomb of many small files). */
function documentEntries(bytes: Uint8Array, want: (name: string) => boolean): ZipEntry[] {
  let total = 0;
  const tooLarge = (found: readonly ZipEntry[]) => (total += found[found.length - 1]!.bytes.length) > ZIP_MAX_DOCUMENT_BYTES;
  const entries = readZipEntries(bytes, want, ZIP_MAX_DOCUMENT_BYTES, tooLarge);
  if (total > ZIP_MAX_DOCUMENT_BYTES) throw new ImportFileError('zip_too_big', { limit: ZIP_MAX_DOCUMENT_BYTES });
  return entries;
}
