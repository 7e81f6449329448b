// Files that are not documents at all: a picture, an archive, a PDF, an old office file, a database or
// other binary data. They are recognised by their first bytes and refused before anything is read as
// text (read as Windows-1252 CSV, a PNG made properties named after "\x89PNG"); YAML, which is text, is
// recognised by its lines (looksLikeYaml). The browser and the Worker ask the same questions.
import { ImportFileError } from './errors';
import { detectEncoding } from './text';

export const NOT_DOCUMENT_KINDS = ['image', 'archive', 'pdf', 'office', 'database', 'yaml', 'binary', 'amc', 'binary_plist'] as const;
export type NotDocumentKind = (typeof NOT_DOCUMENT_KINDS)[number];

const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));

/** Signatures at the start of a file (an offset, its bytes). */
const SIGNATURES: [NotDocumentKind, number, number[]][] = [
  ['image', 0, [0x89, 0x50, 0x4e, 0x47]],
  ['image', 0, [0xff, 0xd8, 0xff]],
  ['image', 0, ascii('GIF8')],
  ['image', 8, ascii('WEBP')],
  ['image', 0, [0x49, 0x49, 0x2a, 0x00]],
  ['image', 0, [0x4d, 0x4d, 0x00, 0x2a]],
  ['archive', 0, [0x1f, 0x8b]],
  ['archive', 0, ascii('BZh')],
  ['archive', 0, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
  ['archive', 0, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
  ['archive', 0, ascii('Rar!')],
  ['archive', 0, [0x28, 0xb5, 0x2f, 0xfd]],
  ['pdf', 0, ascii('%PDF-')],
  ['office', 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  ['database', 0, ascii('SQLite format 3')],
  // Ant Movie Catalog's own catalogue: read only through its XML export.
  ['amc', 0, ascii(' AMC_')],
  // Delicious Library's binary property list: its XML export is what Vitrine reads.
  ['binary_plist', 0, ascii('bplist')],
];

/** Bytes looked at for control characters. */
const BINARY_WINDOW = 4096;
/** The share of control characters over which bytes are binary data rather than text. */
const BINARY_SHARE = 0.05;

/** What a file's first bytes show it to be when it is not a document, or null. */
export function notDocumentKind(bytes: Uint8Array): NotDocumentKind | null {
  for (const [kind, offset, signature] of SIGNATURES) {
    if (bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)) return kind;
  }
  const head = bytes.subarray(0, BINARY_WINDOW);
  // UTF-16 puts zero bytes beside its characters: that is text.
  if (head.length === 0 || detectEncoding(head).startsWith('utf-16')) return null;
  let control = 0;
  for (const b of head) {
    if (b === 0) return 'binary';
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) || b === 0x7f) control += 1;
  }
  return control > head.length * BINARY_SHARE ? 'binary' : null;
}

/** Throws not_document for a file that is not one. */
export function refuseNonDocument(bytes: Uint8Array): void {
  const kind = notDocumentKind(bytes);
  if (kind) throw new ImportFileError('not_document', { reason: kind });
}

/** A YAML line: a key and a colon ("title: Dune", "- name:"), a list item, an indented continuation or a comment. */
const YAML_KEY = /^\s*(?:-\s+)?[^\s,;\t|"'#-][^,;\t|"]*?:(?:\s|$)/;
const YAML_OTHER = /^(?:\s+\S|-\s|#)/;

/** Text that is YAML (Alexandria's books, a configuration): a document marker, or lines of keys and colons. */
export function looksLikeYaml(text: string): boolean {
  const lines = text.split(/\r?\n/, 40).filter((line) => line.trim() !== '');
  const first = lines[0]?.trim() ?? '';
  if (first === '---' || first.startsWith('--- ') || first.startsWith('%YAML')) return true;
  const sample = lines.slice(0, 10);
  return sample.filter((line) => YAML_KEY.test(line)).length >= 2 && sample.every((line) => YAML_KEY.test(line) || YAML_OTHER.test(line));
}
