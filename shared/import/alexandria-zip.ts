// A zip of Alexandria's library folder holds a YAML file per book: its books are joined into one stream
// of YAML documents, which the import then reads like a single file (a window at a time, a record per
// document), with the folder's covers taken as pictures. YAML files that are not Alexandria's books are
// left out.
import { isAlexandriaHead } from './alexandria';
import { isSystemJunk } from '../zip-junk';
import type { ZipEntry } from './zip';

export const isYamlName = (name: string) => /\.ya?ml$/i.test(name) && !isSystemJunk(name);

/** The books' documents as one stream, each begun by its own "---" line; null when none is a book. */
export function alexandriaStream(entries: readonly ZipEntry[]): Uint8Array | null {
  const decoder = new TextDecoder('utf-8');
  const books = entries.map((entry) => decoder.decode(entry.bytes)).filter(isAlexandriaHead);
  if (books.length === 0) return null;
  const stream = books.map((text) => `${/^---/.test(text) ? '' : '---\n'}${text}${text.endsWith('\n') ? '' : '\n'}`).join('');
  return new TextEncoder().encode(stream);
}
