// A made export as one zip, streamed: the Vitrine JSON (its pieces in R2, in order) and then each
// picture under pictures/, every entry stored with the size and CRC-32 its steps noted, so that the
// download only moves bytes. Importing the zip (any Vitrine's import) takes the pictures back with the
// items: a value names its picture by file name, and the pictures keep theirs.
import { Zip } from 'fflate';
import type { Env } from '../../env';
import { KnownEntry } from '../../lib/zip-entry';
import { documentPieceKey, type ExportRunRow } from './exports.steps';

const PICTURES_PER_READ = 200;

/**
 * Sends an R2 object's bytes into an entry (`last`: they end it); false when it is gone, or changed
 * since it was measured (`size`, when known).
 */
async function pour(env: Env, key: string, entry: KnownEntry, size: number | null, last: boolean): Promise<boolean> {
  const object = await env.MEDIA.get(key);
  if (!object || (size !== null && object.size !== size)) return false;
  if (object.size === 0) {
    if (last) entry.push(new Uint8Array(0), true);
    return true;
  }
  const reader = object.body.getReader();
  let read = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    read += value.length;
    entry.push(value, last && read === object.size);
  }
  return true;
}

export function zipStream(env: Env, run: ExportRunRow, documentName: string): ReadableStream<Uint8Array> {
  const mtime = Date.parse(run.exported_at);
  let zip: Zip;
  let piece = -1;
  let document: KnownEntry | null = null;
  let after = '';
  let pending: { object_key: string; size: number; crc: number }[] = [];
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
    // A piece of the document, or a picture, per pull: the consumer's pace sets how much is read at once.
    async pull(controller) {
      if (finished) return;
      const fail = (what: string) => {
        controller.error(new Error(`export ${run.id}: ${what} changed since the export was made`));
        finished = true;
      };
      if (piece < run.pieces - 1) {
        piece += 1;
        if (!document) {
          document = new KnownEntry(documentName, run.document_size, run.document_crc >>> 0, mtime, null);
          zip.add(document);
        }
        if (!(await pour(env, documentPieceKey(run.id, piece), document, null, piece === run.pieces - 1))) fail('the document');
        return;
      }
      if (pending.length === 0) {
        const { results } = await env.DB.prepare(
          `SELECT object_key, size, crc FROM collection_export_pictures
           WHERE export_id = ?1 AND object_key > ?2 AND crc IS NOT NULL ORDER BY object_key LIMIT ?3`,
        )
          .bind(run.id, after, PICTURES_PER_READ)
          .all<{ object_key: string; size: number; crc: number }>();
        pending = results;
        if (pending.length === 0) {
          finished = true;
          zip.end();
          return;
        }
      }
      const picture = pending.shift()!;
      after = picture.object_key;
      const entry = new KnownEntry(`pictures/${picture.object_key.split('/').pop()}`, picture.size, picture.crc >>> 0, mtime, null);
      zip.add(entry);
      if (!(await pour(env, picture.object_key, entry, picture.size, true))) fail(picture.object_key);
    },
  });
}
