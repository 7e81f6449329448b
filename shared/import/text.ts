// Files to import arrive as bytes in any of the encodings spreadsheets and old programs write. They are
// decoded once, here, by the browser (for detection, mapping and preview) and by the Worker (for the
// import itself), so both see the same text.

export const TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

/** What a decoding found: the text without its byte order mark, and the encoding it was read in. */
export interface DecodedText {
  text: string;
  encoding: TextEncoding;
  /** Bytes that were not valid in that encoding, each read as U+FFFD (the person is told). */
  replaced: number;
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((value, i) => bytes[i] === value);
}

/**
 * UTF-16 without a byte order mark still shows itself: text in Latin script puts a zero byte beside
 * nearly every character. Answers the byte order when at least a third of the first kilobyte's pairs
 * look like that, null otherwise.
 */
function utf16Order(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.min(512, Math.floor(bytes.length / 2));
  if (pairs < 2) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < pairs; i += 1) {
    if (bytes[2 * i] === 0 && bytes[2 * i + 1] !== 0) even += 1;
    if (bytes[2 * i + 1] === 0 && bytes[2 * i] !== 0) odd += 1;
  }
  if (odd * 3 >= pairs) return 'utf-16le';
  if (even * 3 >= pairs) return 'utf-16be';
  return null;
}

/**
 * The encoding of a file, from its byte order mark, the zero bytes of UTF-16, or whether it is UTF-8;
 * anything else is taken as Windows-1252 (which also reads plain Latin-1). A file whose characters
 * beyond ASCII are mostly valid UTF-8 is UTF-8 with a few damaged bytes: read as Windows-1252, every
 * one of its other characters would come out garbled ("ÐšÐ¾Ñ€").
 */
export function detectEncoding(bytes: Uint8Array): TextEncoding {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return 'utf-8';
  if (startsWith(bytes, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(bytes, [0xfe, 0xff])) return 'utf-16be';
  const utf16 = utf16Order(bytes);
  if (utf16) return utf16;
  // Streaming: a window cut inside a character (the head of a large file) is still UTF-8.
  const { valid, invalid } = scanUtf8(bytes, true);
  return invalid === 0 || valid >= UTF8_MOSTLY_VALID * invalid ? 'utf-8' : 'windows-1252';
}

/**
 * Windows-1252 differs from Latin-1 only in 0x80–0x9F, where it has typographic characters (curly
 * quotes, the euro sign, dashes). Runtimes that only decode Latin-1 get this table for those bytes.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(bytes: Uint8Array): string {
  try {
    // Some runtimes (Node's TextDecoder without full ICU) decode this label as Latin-1: 0x80–0x9F then
    // come out as control characters, which Windows-1252 never gives but for five unassigned bytes.
    return new TextDecoder('windows-1252').decode(bytes).replace(/[\u0080-\u009f]/g, (ch) => CP1252_HIGH[ch.charCodeAt(0) - 0x80]!);
  } catch {
    // No legacy encodings in this runtime: every byte is its own code point, but for the table above.
    let out = '';
    const CHUNK = 8192;
    for (let start = 0; start < bytes.length; start += CHUNK) {
      const part = bytes.subarray(start, start + CHUNK);
      out += String.fromCharCode(...Array.from(part, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b)));
    }
    return out;
  }
}

/**
 * Decodes a file in the given encoding (or the one detected); the byte order mark is dropped. `cut`
 * says the bytes are a window of a longer file: a character it cuts at its end is left out, not
 * read as U+FFFD (the next window starts on it).
 */
export function decodeText(bytes: Uint8Array, encoding: TextEncoding | 'auto' = 'auto', { cut = false } = {}): DecodedText {
  const chosen = encoding === 'auto' ? detectEncoding(bytes) : encoding;
  const text = chosen === 'windows-1252' ? decodeWindows1252(bytes) : new TextDecoder(chosen).decode(bytes, { stream: cut });
  // Counted only when there is something to count: most files have no U+FFFD at all.
  const replaced = chosen === 'utf-8' && text.includes('\ufffd') ? scanUtf8(bytes, cut).invalid : 0;
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, encoding: chosen, replaced };
}

/** How many bytes of a file in this encoding a text came from (to move a window on by what it used). */
export function encodedLength(text: string, encoding: TextEncoding): number {
  if (encoding === 'windows-1252') return text.length;
  if (encoding === 'utf-16le' || encoding === 'utf-16be') return text.length * 2;
  return new TextEncoder().encode(text).length;
}

/**
 * How many of `bytes` the first `chars` characters of their decoded `text` came from. A damaged byte
 * read as U+FFFD takes one byte, not the three U+FFFD encodes to, so such texts are measured on the
 * bytes themselves: otherwise the next window would start inside a record.
 */
export function byteOffset(bytes: Uint8Array, encoding: TextEncoding, text: string, chars: number): number {
  const part = text.slice(0, chars);
  if (encoding !== 'utf-8' || !part.includes('\ufffd')) return encodedLength(part, encoding);
  let units = 0;
  let i = 0;
  while (units < chars && i < bytes.length) {
    const seq = utf8Sequence(bytes, i);
    i += seq.length;
    units += seq.units;
  }
  return i;
}

/** Bytes a file starts with before its text: the byte order mark, when there is one. */
export function byteOrderMarkLength(bytes: Uint8Array, encoding: TextEncoding): number {
  if (encoding === 'utf-8') return startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  if (encoding === 'utf-16le') return startsWith(bytes, [0xff, 0xfe]) ? 2 : 0;
  if (encoding === 'utf-16be') return startsWith(bytes, [0xfe, 0xff]) ? 2 : 0;
  return 0;
}

/** Valid characters beyond ASCII per damaged byte for a file to be read as UTF-8 all the same. */
const UTF8_MOSTLY_VALID = 2;

/**
 * The UTF-8 sequence at `i`, as the Encoding Standard's decoder reads it: its length in bytes, the
 * UTF-16 units it gives, and whether it is valid (an invalid one is read as a single U+FFFD).
 * `complete` is false for a valid start that the bytes' end cuts.
 */
function utf8Sequence(bytes: Uint8Array, i: number): { length: number; units: number; valid: boolean; complete: boolean } {
  const lead = bytes[i]!;
  if (lead < 0x80) return { length: 1, units: 1, valid: true, complete: true };
  const needed = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : 0;
  if (needed === 0) return { length: 1, units: 1, valid: false, complete: true };
  // The second byte's range is narrower after some leads (no overlong forms, no surrogates, nothing past U+10FFFF).
  const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
  const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
  for (let k = 1; k <= needed; k += 1) {
    const next = bytes[i + k];
    if (next === undefined) return { length: k, units: 1, valid: false, complete: false };
    const inRange = k === 1 ? next >= low && next <= high : next >= 0x80 && next <= 0xbf;
    if (!inRange) return { length: k, units: 1, valid: false, complete: true };
  }
  return { length: needed + 1, units: needed === 3 ? 2 : 1, valid: true, complete: true };
}

/** Characters beyond ASCII written right, and damaged sequences; with `stream`, a cut last character is neither. */
function scanUtf8(bytes: Uint8Array, stream: boolean): { valid: number; invalid: number } {
  let valid = 0;
  let invalid = 0;
  for (let i = 0; i < bytes.length;) {
    if (bytes[i]! < 0x80) {
      i += 1;
      continue;
    }
    const seq = utf8Sequence(bytes, i);
    i += seq.length;
    if (seq.valid) valid += 1;
    else if (seq.complete || !stream) invalid += 1;
  }
  return { valid, invalid };
}
