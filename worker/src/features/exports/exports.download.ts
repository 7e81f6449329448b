// A made export as one zip, streamed: the Vitrine JSON (its pieces in R2, in order) and then each
// stored file under pictures/ (its uploaded name as the entry's comment), every entry stored with the size and CRC-32 its steps noted, so that the
// download only moves bytes. Importing the zip (any Vitrine's import) takes the pictures back with the
// items: a value names its picture by file name, and the pictures keep theirs. A backup of someone's
// collections is several exports in one zip, each in its own folder (features/account-archives).
import type { Zip } from 'fflate';
import type { Env } from '@worker/env';
import { KnownEntry, pourBody, pourObject, zipStream } from '@worker/lib/zip-entry';
import type { ExportRunRow } from '@worker/db/raw-rows';
import { documentPieceKey } from './exports.steps';

const PICTURES_PER_READ = 200;

/** An export's entries added to a zip a pull at a time: its document piece by piece, then its pictures. */
export class ExportEntries {
  private piece = -1;
  private document: KnownEntry | null = null;
  private after = '';
  private pending: { object_key: string; size: number; crc: number }[] = [];
  private readonly mtime: number;

  constructor(
    private readonly env: Env,
    private readonly run: ExportRunRow,
    private readonly documentName: string,
    private readonly picturesFolder: string,
  ) {
    this.mtime = Date.parse(run.exported_at);
  }

  async next(zip: Zip): Promise<'more' | 'done'> {
    const { env, run } = this;
    // First the document, a piece per pull, as one entry.
    if (this.piece < run.pieces - 1) {
      this.piece += 1;
      if (!this.document) {
        this.document = new KnownEntry(this.documentName, run.document_size, run.document_crc >>> 0, this.mtime, null);
        zip.add(this.document);
      }
      if (!(await pourObject(env.MEDIA, documentPieceKey(run.id, this.piece), this.document, null, this.piece === run.pieces - 1))) {
        throw new Error(`export ${run.id}: a piece of the document is gone`);
      }
      return 'more';
    }
    // Then the pictures, one per pull, read from D1 two hundred at a time.
    if (this.pending.length === 0) {
      const { results } = await env.DB.prepare(
        `SELECT object_key, size, crc FROM collection_export_pictures
         WHERE export_id = ?1 AND object_key > ?2 AND crc IS NOT NULL ORDER BY object_key LIMIT ?3`,
      )
        .bind(run.id, this.after, PICTURES_PER_READ)
        .all<{ object_key: string; size: number; crc: number }>();
      this.pending = results;
      if (this.pending.length === 0) return 'done';
    }
    const picture = this.pending.shift()!;
    this.after = picture.object_key;
    const object = await env.MEDIA.get(picture.object_key);
    if (!object || object.size !== picture.size) throw new Error(`export ${run.id}: ${picture.object_key} changed since it was measured`);
    // The file's uploaded name travels as the entry's comment, so that a restore keeps it for downloads.
    const comment = object.customMetadata?.filename ?? null;
    const entry = new KnownEntry(
      `${this.picturesFolder}${picture.object_key.split('/').pop()}`,
      picture.size,
      picture.crc >>> 0,
      this.mtime,
      comment,
    );
    zip.add(entry);
    await pourBody(object, entry, true);
    return 'more';
  }
}

export function exportZipStream(env: Env, run: ExportRunRow, documentName: string): ReadableStream<Uint8Array> {
  const entries = new ExportEntries(env, run, documentName, 'pictures/');
  return zipStream((zip) => entries.next(zip));
}
