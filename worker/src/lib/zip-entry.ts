// Zips streamed from R2 (a backup's, an export's): entries whose size and CRC-32 the Workflow steps
// noted before their bytes come, so fflate's Zip writes the headers and passes the bytes as they are,
// and a download only moves bytes from R2 to the response, whatever their size. Also the CRC-32 itself:
// the runtime's own zlib (node:zlib, native code) computes it, since a step that checks a few megabytes of
// pictures in JavaScript spends most of its 10 ms of CPU there.
import { Zip, type ZipInputFile } from 'fflate';
import { crc32 as zlibCrc32 } from 'node:zlib';

/** CRC-32 of bytes as zip entries carry it; `previous` (the CRC of the bytes before) continues it. */
export const crc32 = (bytes: Uint8Array, previous = 0): number => zlibCrc32(bytes, previous) >>> 0;

/** An entry whose size and CRC-32 are known before its bytes come: fflate passes the bytes as they are. */
export class KnownEntry implements ZipInputFile {
  readonly compression = 0;
  readonly comment: string | undefined;
  ondata?: ZipInputFile['ondata'];

  constructor(
    readonly filename: string,
    readonly size: number,
    readonly crc: number,
    readonly mtime: number,
    comment: string | null,
  ) {
    this.comment = comment ?? undefined;
  }

  push(chunk: Uint8Array, final: boolean) {
    this.ondata!(null, chunk as Uint8Array<ArrayBuffer>, final);
  }
}

/**
 * Sends an R2 object's bytes into an entry (`last`: they end it). False when the object is gone, or
 * changed since it was measured (`size`, when known): the download must stop rather than go on wrong.
 */
export async function pourObject(bucket: R2Bucket, key: string, entry: KnownEntry, size: number | null, last: boolean): Promise<boolean> {
  const object = await bucket.get(key);
  if (!object || (size !== null && object.size !== size)) return false;
  await pourBody(object, entry, last);
  return true;
}

/** Sends an object already read (its metadata needed before its entry is made) into an entry. */
export async function pourBody(object: R2ObjectBody, entry: KnownEntry, last: boolean): Promise<void> {
  if (object.size === 0) {
    if (last) entry.push(new Uint8Array(0), true);
    return;
  }
  const reader = object.body.getReader();
  let read = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    read += value.length;
    entry.push(value, last && read === object.size);
  }
}

/**
 * A zip written as the consumer reads it: each pull calls `next`, which adds to the zip (an entry, or
 * more of one) and says whether that was all; a problem it throws ends the stream with an error.
 */
export function zipStream(next: (zip: Zip) => Promise<'more' | 'done'>): ReadableStream<Uint8Array> {
  let zip: Zip;
  let finished = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((err, chunk, final) => {
        if (err) {
          controller.error(err);
          return;
        }
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    // One piece per pull: the consumer's pace sets how much is read from R2 at once.
    async pull(controller) {
      if (finished) return;
      try {
        if ((await next(zip)) === 'done') {
          finished = true;
          zip.end();
        }
      } catch (err) {
        finished = true;
        controller.error(err);
      }
    },
  });
}
