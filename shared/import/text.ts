// Files to import arrive as bytes in any of the encodings spreadsheets and old programs write. They are
// decoded once, here, by the browser (for detection, mapping and preview) and by the Worker (for the
// import itself), so both see the same text.

export const TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

/** What a decoding found: the text without its byte order mark, and the encoding it was read in. */
export interface DecodedText {
  text: string;
  encoding: TextEncoding;
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
 * The encoding of a file, from its byte order mark, the zero bytes of UTF-16, or whether it is valid
 * UTF-8; anything else is taken as Windows-1252 (which also reads plain Latin-1).
 */
export function detectEncoding(bytes: Uint8Array): TextEncoding {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return 'utf-8';
  if (startsWith(bytes, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(bytes, [0xfe, 0xff])) return 'utf-16be';
  const utf16 = utf16Order(bytes);
  if (utf16) return utf16;
  try {
    // Streaming: a window cut inside a character (the head of a large file) is still UTF-8.
    new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
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

/** Decodes a file in the given encoding (or the one detected); the byte order mark is dropped. */
export function decodeText(bytes: Uint8Array, encoding: TextEncoding | 'auto' = 'auto'): DecodedText {
  const chosen = encoding === 'auto' ? detectEncoding(bytes) : encoding;
  const text = chosen === 'windows-1252' ? decodeWindows1252(bytes) : new TextDecoder(chosen).decode(bytes);
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, encoding: chosen };
}

/** How many bytes of a file in this encoding a text came from (to move a window on by what it used). */
export function encodedLength(text: string, encoding: TextEncoding): number {
  if (encoding === 'windows-1252') return text.length;
  if (encoding === 'utf-16le' || encoding === 'utf-16be') return text.length * 2;
  return new TextEncoder().encode(text).length;
}

/** Bytes a file starts with before its text: the byte order mark, when there is one. */
export function byteOrderMarkLength(bytes: Uint8Array, encoding: TextEncoding): number {
  if (encoding === 'utf-8') return startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  if (encoding === 'utf-16le') return startsWith(bytes, [0xff, 0xfe]) ? 2 : 0;
  if (encoding === 'utf-16be') return startsWith(bytes, [0xfe, 0xff]) ? 2 : 0;
  return 0;
}
