// Zip archives (Tellico's .tc, a GCstar file with its pictures) read with fflate's streaming unzip, under
// caps that a zip bomb cannot get past: at most ZIP_MAX_ENTRIES entries, and each entry inflated a slice
// at a time, stopped as soon as it outgrows its cap, whatever its header claims. Every entry taken is
// checked against the CRC-32 and size its central directory gives, as a restore's are
// (worker/src/lib/zip-ranges.ts): an archive cut short (no central directory) or changed is refused.
import { Unzip, UnzipInflate } from 'fflate';
import { isSystemJunk } from '../zip-junk';
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

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 of bytes, as zip entries carry it. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i += 1) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

interface DirectoryEntry {
  crc: number;
  size: number;
}

/**
 * What the archive's central directory says of each entry (CRC-32 and size), by name in the order of
 * the archive; null when there is none where the end record says (the archive was cut short).
 */
function centralDirectory(bytes: Uint8Array): Map<string, DirectoryEntry[]> | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record: 22 bytes and a comment of at most 65,535, at the very end.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  let count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if ((count === 0xffff || offset === 0xffffffff) && end >= 20 && view.getUint32(end - 20, true) === 0x07064b50) {
    // Zip64: the locator before the end record says where the larger end record is.
    const record = Number(view.getBigUint64(end - 12, true));
    if (record + 56 > bytes.length || view.getUint32(record, true) !== 0x06064b50) return null;
    count = Number(view.getBigUint64(record + 32, true));
    offset = Number(view.getBigUint64(record + 48, true));
  }
  const entries = new Map<string, DirectoryEntry[]>();
  const decoder = new TextDecoder();
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    if (at + 46 + nameLength > bytes.length) return null;
    // Named as fflate names it: UTF-8 when the entry says so (flag 11), else one character a byte.
    const raw = bytes.subarray(at + 46, at + 46 + nameLength);
    const name = view.getUint16(at + 8, true) & 0x800 ? decoder.decode(raw) : String.fromCharCode(...raw);
    let size = view.getUint32(at + 24, true);
    if (size === 0xffffffff) {
      // Zip64: the real size is in the extra field (id 1), first.
      for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength; x += 4 + view.getUint16(x + 2, true)) {
        if (view.getUint16(x, true) === 1 && x + 12 <= bytes.length) {
          size = Number(view.getBigUint64(x + 4, true));
          break;
        }
      }
    }
    const list = entries.get(name) ?? [];
    list.push({ crc: view.getUint32(at + 16, true), size });
    entries.set(name, list);
    at += 46 + nameLength + extraLength + view.getUint16(at + 32, true);
  }
  return entries;
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
  const directory = centralDirectory(bytes);
  if (!directory) throw new ImportFileError('invalid_zip');
  const seen = new Map<string, number>();
  const found: ZipEntry[] = [];
  const pending = new Set<string>();
  let count = 0;
  let problem: ImportFileError | null = null;
  let done = false;
  const unzip = new Unzip((file) => {
    const index = count;
    count += 1;
    // The central directory's word on this entry (the nth of its name).
    const occurrence = seen.get(file.name) ?? 0;
    seen.set(file.name, occurrence + 1);
    const listed = directory.get(file.name)?.[occurrence];
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
        const whole = concat(parts, length);
        // Changed since it was zipped, or not the entry the directory lists.
        if (!listed || listed.size !== whole.length || listed.crc !== crc32(whole)) {
          problem = new ImportFileError('invalid_zip');
          return;
        }
        found.push({ index, name: file.name, bytes: whole });
        done = enough(found);
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !problem && !done; at += SLICE)
      unzip.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
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
  readZipEntries(
    bytes,
    (name) => {
      names.push(name);
      return false;
    },
    0,
  );
  return names;
}

/** Pictures an archive may hold, by name (their content is checked again when they are stored). */
// Alexandria names a cover "<ident>.cover"; Delicious Library keeps them without an extension in "Images/Large Covers/" and the like.
export const isImageName = (name: string) => /\.(jpe?g|png|gif|webp|cover)$|(^|\/)[^/]*Covers\/[^/.]+$/i.test(name) && !isSystemJunk(name);
