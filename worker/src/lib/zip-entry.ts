// A zip entry whose size and CRC-32 were noted before its bytes come (by the Workflow steps that made
// a backup or an export): fflate's Zip writes its headers and passes the bytes as they are, so a
// download only moves bytes from R2 to the response, whatever their size.
import * as CRC32 from 'crc-32';
import type { ZipInputFile } from 'fflate';

/** CRC-32 of bytes as zip entries carry it; `previous` (the CRC of the bytes before) continues it. */
export const crc32 = (bytes: Uint8Array, previous = 0): number => CRC32.buf(bytes, previous) >>> 0;

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

