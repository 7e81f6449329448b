// Which document of an archive is the collection to import. Apart from zip.ts, which only reads
// archives, because the film readers it asks first read archives themselves.
import { isSystemJunk } from '../zip-junk';
import { alexandriaStream, isYamlName } from './alexandria-zip';
import { ImportFileError } from './errors';
import { filmZipDocument } from './films/zip-documents';
import { readZipEntries, ZIP_MAX_DOCUMENT_BYTES, zipEntryNames, type ZipEntry } from './zip';

/** Where an archive keeps the file to import: Tellico's tellico.xml (Bookcase's bookcase.xml), a GCstar .gcs, or a data file. */
const DOCUMENT = /(^|\/)(tellico\.xml|bookcase\.xml|[^/]+\.(gcs|xml|json|csv|tsv|txt|plist))$/i;
const isDocument = (name: string) => DOCUMENT.test(name) && !isSystemJunk(name);

/**
 * Documents an archive's root may hold that are the collection itself, first: a Letterboxd export puts
 * the films in watched.csv (diary.csv and ratings.csv hold them too), beside comments.csv, profile.csv
 * and others that come first in its order.
 */
const PREFERRED_DOCUMENTS = ['tellico.xml', 'bookcase.xml', 'watched.csv', 'diary.csv', 'ratings.csv', 'watchlist.csv'];

/** The document an archive holds (a preferred one, else the first one in the archive's order), or unknown_format. */
export function zipDocument(bytes: Uint8Array): { name: string; bytes: Uint8Array } {
  const all = zipEntryNames(bytes);
  const film = filmZipDocument(bytes, all);
  if (film) return film;
  const names = all.filter(isDocument);
  if (names.length === 0) {
    // Alexandria's library folder: a YAML file per book, read as one stream; together no larger than a document.
    const size = (found: readonly ZipEntry[]) => found.reduce((sum, entry) => sum + entry.bytes.length, 0);
    const books = readZipEntries(bytes, isYamlName, ZIP_MAX_DOCUMENT_BYTES, (found) => size(found) > ZIP_MAX_DOCUMENT_BYTES);
    if (size(books) > ZIP_MAX_DOCUMENT_BYTES) throw new ImportFileError('zip_too_big', { limit: ZIP_MAX_DOCUMENT_BYTES });
    const stream = alexandriaStream(books);
    if (stream) return { name: 'books.yaml', bytes: stream };
  }
  const preferred = PREFERRED_DOCUMENTS.map((wanted) => names.find((name) => name.toLowerCase() === wanted)).find(
    (name) => name !== undefined,
  );
  const pick = preferred ? (name: string) => name === preferred : isDocument;
  const [document] = readZipEntries(bytes, pick, ZIP_MAX_DOCUMENT_BYTES, (found) => found.length > 0);
  if (!document) throw new ImportFileError('unknown_format');
  return document;
}
