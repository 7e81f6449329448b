// A stream of YAML documents (each begun by a "---" line), read a window at a time with the `yaml`
// library: a document ends where the next one begins, so a window's last document is only taken when
// the next marker (or the file's end) is in it. Tags are never instantiated (Ruby's
// "!ruby/object:…" is read as the plain map it tags), and aliases are capped against alias bombs.
import { parseDocument } from 'yaml';
import { ImportFileError } from './errors';

/** Aliases a document may expand: far more than a book needs, far fewer than a bomb. */
const MAX_ALIASES = 100;

/** A line that begins a document. */
const DOCUMENT_START = /^---(?=[ \t\r\n]|$)/gm;

/** Where the first document begins (its "---" line), or null. */
export function yamlStreamStart(text: string): number | null {
  DOCUMENT_START.lastIndex = 0;
  return DOCUMENT_START.exec(text)?.index ?? null;
}

/** One document's data; a damaged one is invalid_yaml, said of its record. */
function parseOne(text: string, row: number): unknown {
  // Parsing too may throw (nesting deep enough to exhaust the stack): that is a damaged book as well.
  try {
    const doc = parseDocument(text, { schema: 'core', uniqueKeys: false, prettyErrors: false });
    if (doc.errors.length > 0) throw new ImportFileError('invalid_yaml', { row });
    return doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch {
    throw new ImportFileError('invalid_yaml', { row });
  }
}

/**
 * Up to `limit` documents of a window that starts on a document's "---" line (`firstRow` is its
 * record's number). `final` says the window reaches the end of the file.
 */
export function readYamlDocuments(
  window: string,
  limit: number,
  final: boolean,
  firstRow: number,
): { records: unknown[]; used: number; done: boolean } {
  const starts = [...window.matchAll(DOCUMENT_START)].map((m) => m.index);
  if (starts[0] !== 0 && window.trim() !== '') starts.unshift(0);
  const records: unknown[] = [];
  let used = 0;
  for (let i = 0; i < starts.length && records.length < limit; i += 1) {
    const end = starts[i + 1] ?? (final ? window.length : null);
    // The window cuts this document: the next step reads it whole.
    if (end === null) break;
    records.push(parseOne(window.slice(starts[i], end), firstRow + records.length));
    used = end;
  }
  const done = final && window.slice(used).trim() === '';
  if (!done && records.length === 0) throw new ImportFileError('record_too_long');
  return { records, used, done };
}
