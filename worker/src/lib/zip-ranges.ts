// Zips uploaded to R2 (a backup to restore), read by range: zip.js lists the central directory without
// loading the rest, and an entry is read, inflated and checked against its CRC-32 on its own, so a
// restore step costs the entries it puts back, not the file.
import { configure, Reader, ZipReader, type Entry } from '@zip.js/zip.js';
import { inflateSync } from 'fflate';
import { crc32 } from './zip-entry';

/** The file is not the zip it says it is (cut short, changed, or an entry that does not check out). */
export class DamagedZip extends Error {
  constructor() {
    super('damaged zip');
  }
}

/** Where an entry is in its zip and what its bytes must be, as the central directory says. */
export interface ZipEntryPlace {
  offset: number;
  method: number;
  packed_size: number;
  size: number;
  crc: number;
}

class R2RangeReader extends Reader<string> {
  constructor(
    private readonly bucket: R2Bucket,
    private readonly key: string,
    private readonly length: number,
  ) {
    super(key);
  }

  override init(): Promise<void> {
    this.size = this.length;
    return Promise.resolve();
  }

  override async readUint8Array(index: number, length: number): Promise<Uint8Array> {
    return readRange(this.bucket, this.key, index, length);
  }
}

export async function readRange(bucket: R2Bucket, key: string, offset: number, length: number): Promise<Uint8Array> {
  if (length === 0) return new Uint8Array(0);
  const object = await bucket.get(key, { range: { offset, length } });
  if (!object) throw new DamagedZip();
  const bytes = new Uint8Array(await object.arrayBuffer());
  if (bytes.length !== length) throw new DamagedZip();
  return bytes;
}

/** The zip's entries (null when the object is gone or is no zip at all). */
export async function listZipEntries(bucket: R2Bucket, key: string): Promise<Entry[] | null> {
  const head = await bucket.head(key);
  if (!head) return null;
  configure({ useWebWorkers: false });
  try {
    return await new ZipReader(new R2RangeReader(bucket, key, head.size)).getEntries();
  } catch {
    return null;
  }
}

/** An entry's place as the central directory gives it. */
export const placeOf = (e: Entry): ZipEntryPlace => ({
  offset: e.offset,
  method: e.compressionMethod,
  packed_size: e.compressedSize,
  size: e.uncompressedSize,
  crc: (e.signature ?? 0) >>> 0,
});

/** Reads one entry whole, checked against its CRC-32. */
export async function readZipEntry(bucket: R2Bucket, key: string, entry: ZipEntryPlace): Promise<Uint8Array> {
  // The local header's fixed part is 30 bytes; its name and extra field lengths (at 26 and 28) say
  // where the data starts, which the central directory does not.
  const header = await readRange(bucket, key, entry.offset, 30);
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  if (view.getUint32(0, true) !== 0x04034b50) throw new DamagedZip();
  const start = entry.offset + 30 + view.getUint16(26, true) + view.getUint16(28, true);
  const packed = await readRange(bucket, key, start, entry.packed_size);
  let bytes: Uint8Array;
  try {
    bytes = entry.method === 8 ? inflateSync(packed, { out: new Uint8Array(entry.size) }) : packed;
  } catch {
    throw new DamagedZip();
  }
  if (bytes.length !== entry.size || crc32(bytes) !== entry.crc) throw new DamagedZip();
  return bytes;
}
