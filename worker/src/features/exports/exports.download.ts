// A made export as one zip, streamed: the Vitrine JSON (its pieces in R2, in order) and then each
// picture under pictures/, every entry stored with the size and CRC-32 its steps noted, so that the
// download only moves bytes. Importing the zip (any Vitrine's import) takes the pictures back with the
// items: a value names its picture by file name, and the pictures keep theirs.
import type { Env } from '../../env';
import { KnownEntry, pourObject, zipStream } from '../../lib/zip-entry';
import type { ExportRunRow } from '../../db/raw-rows';
import { documentPieceKey } from './exports.steps';

const PICTURES_PER_READ = 200;

export function exportZipStream(env: Env, run: ExportRunRow, documentName: string): ReadableStream<Uint8Array> {
  const mtime = Date.parse(run.exported_at);
  let piece = -1;
  let document: KnownEntry | null = null;
  let after = '';
  let pending: { object_key: string; size: number; crc: number }[] = [];
  return zipStream(async (zip) => {
    // First the document, a piece per pull, as one entry.
    if (piece < run.pieces - 1) {
      piece += 1;
      if (!document) {
        document = new KnownEntry(documentName, run.document_size, run.document_crc >>> 0, mtime, null);
        zip.add(document);
      }
      if (!(await pourObject(env.MEDIA, documentPieceKey(run.id, piece), document, null, piece === run.pieces - 1))) {
        throw new Error(`export ${run.id}: a piece of the document is gone`);
      }
      return 'more';
    }
    // Then the pictures, one per pull, read from D1 two hundred at a time.
    if (pending.length === 0) {
      const { results } = await env.DB.prepare(
        `SELECT object_key, size, crc FROM collection_export_pictures
         WHERE export_id = ?1 AND object_key > ?2 AND crc IS NOT NULL ORDER BY object_key LIMIT ?3`,
      )
        .bind(run.id, after, PICTURES_PER_READ)
        .all<{ object_key: string; size: number; crc: number }>();
      pending = results;
      if (pending.length === 0) return 'done';
    }
    const picture = pending.shift()!;
    after = picture.object_key;
    const entry = new KnownEntry(`pictures/${picture.object_key.split('/').pop()}`, picture.size, picture.crc >>> 0, mtime, null);
    zip.add(entry);
    if (!(await pourObject(env.MEDIA, picture.object_key, entry, picture.size, true))) throw new Error(`export ${run.id}: ${picture.object_key} changed since it was measured`);
    return 'more';
  });
}
