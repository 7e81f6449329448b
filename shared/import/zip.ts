// Zip archives (Tellico's .tc, a GCstar file with its pictures) read with fflate's streaming unzip, under
// caps that a zip bomb cannot get past: at most ZIP_MAX_ENTRIES entries, and each entry inflated a slice
// at a time, stopped as soon as it outgrows its cap, whatever its header claims.
import { Unzip, UnzipInflate } from 'fflate';
import { ImportFileError } from './errors';

export const ZIP_MAX_ENTRIES = 10_000;
/** The largest document inside an archive: the same as a file uploaded alone. */
export const ZIP_MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
/** The largest image taken from an archive: the same as an image uploaded alone. */
export const ZIP_MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Compressed bytes handed to the inflater at once: what one slice can become is bounded by this. */
const SLICE = 64 * 1024;

/** A zip archive starts with a local file header. */
export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

export interface ZipEntry {
  /** The entry's position in the archive, counting from 0. */
  index: number;
  name: string;
  bytes: Uint8Array;
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The entries `want` picks (by name and position), each at most `maxBytes` once inflated; `enough` may
 * end the walk early. A damaged or truncated archive is an invalid_zip, a too large one a zip_too_big.
 * (fflate hands what a callback throws back to it as an error, so the callbacks only take note, and the
 * walk stops between slices.)
 */
export function readZipEntries(
  bytes: Uint8Array,
  want: (name: string, index: number) => boolean,
  maxBytes: number,
  enough: (found: readonly ZipEntry[]) => boolean = () => false,
): ZipEntry[] {
  const found: ZipEntry[] = [];
  const pending = new Set<string>();
  let count = 0;
  let problem: ImportFileError | null = null;
  let done = false;
  const unzip = new Unzip((file) => {
    const index = count;
    count += 1;
    if (count > ZIP_MAX_ENTRIES) problem ??= new ImportFileError('zip_too_big', { limit: ZIP_MAX_ENTRIES });
    if (problem || done || !want(file.name, index)) return;
    if ((file.originalSize ?? 0) > maxBytes) {
      problem = new ImportFileError('zip_too_big', { limit: maxBytes });
      return;
    }
    const parts: Uint8Array[] = [];
    let length = 0;
    pending.add(file.name);
    file.ondata = (err, chunk, final) => {
      if (problem || done) return;
      if (err) {
        problem = new ImportFileError('invalid_zip');
        return;
      }
      length += chunk.length;
      if (length > maxBytes) {
        problem = new ImportFileError('zip_too_big', { limit: maxBytes });
        return;
      }
      parts.push(chunk);
      if (final) {
        pending.delete(file.name);
        found.push({ index, name: file.name, bytes: concat(parts, length) });
        done = enough(found);
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !problem && !done; at += SLICE) unzip.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
  } catch {
    problem ??= new ImportFileError('invalid_zip');
  }
  if (problem) throw problem;
  // An entry cut off by the end of the archive: the file was truncated.
  if (!done && pending.size > 0) throw new ImportFileError('invalid_zip');
  return found;
}

/** The names of an archive's entries, read from their headers (nothing is inflated). */
export function zipEntryNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  readZipEntries(bytes, (name) => {
    names.push(name);
    return false;
  }, 0);
  return names;
}

/** Where an archive keeps the file to import: Tellico's tellico.xml, a GCstar .gcs, or a data file. */
const DOCUMENT = /(^|\/)(tellico\.xml|[^/]+\.(gcs|xml|json|csv|tsv|txt))$/i;
const isDocument = (name: string) => DOCUMENT.test(name) && !name.startsWith('__MACOSX/');

/**
 * Documents an archive's root may hold that are the collection itself, first: a Letterboxd export puts
 * the films in watched.csv (diary.csv and ratings.csv hold them too), beside comments.csv, profile.csv
 * and others that come first in its order.
 */
const PREFERRED_DOCUMENTS = ['tellico.xml', 'watched.csv', 'diary.csv', 'ratings.csv', 'watchlist.csv'];

/** The document an archive holds (a preferred one, else the first one in the archive's order), or unknown_format. */
export function zipDocument(bytes: Uint8Array): { name: string; bytes: Uint8Array } {
  const names = zipEntryNames(bytes).filter(isDocument);
  const preferred = PREFERRED_DOCUMENTS.map((wanted) => names.find((name) => name.toLowerCase() === wanted)).find((name) => name !== undefined);
  const pick = preferred ? (name: string) => name === preferred : isDocument;
  const [document] = readZipEntries(bytes, pick, ZIP_MAX_DOCUMENT_BYTES, (found) => found.length > 0);
  if (!document) throw new ImportFileError('unknown_format');
  return document;
}

/** Pictures an archive may hold, by name (their content is checked again when they are stored). */
export const isImageName = (name: string) => /\.(jpe?g|png|gif|webp)$/i.test(name) && !name.startsWith('__MACOSX/');
