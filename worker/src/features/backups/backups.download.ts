// A made backup as one zip, streamed: each entry is stored (not compressed) with the size and CRC-32
// its step noted, so the download only moves bytes from R2 to the response (fflate writes the zip's
// headers and central directory). Entries are read a page at a time from D1.
import { Zip } from 'fflate';
import { KnownEntry } from '../../lib/zip-entry';
import type { Env } from '../../env';

const ENTRIES_PER_READ = 200;

interface EntryRow {
  position: number;
  name: string;
  object_key: string;
  size: number;
  crc: number;
  meta: string | null;
}

export function backupStream(env: Env, backupId: number, createdAt: string): ReadableStream<Uint8Array> {
  const mtime = Date.parse(createdAt);
  let zip: Zip;
  let after = -1;
  let pending: EntryRow[] = [];
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
    // One entry per pull: the consumer's pace sets how much is read from R2 at once.
    async pull(controller) {
      if (finished) return;
      if (pending.length === 0) {
        const { results } = await env.DB.prepare(
          `SELECT position, name, object_key, size, crc, meta FROM backup_entries
           WHERE backup_id = ?1 AND position > ?2 ORDER BY position LIMIT ?3`,
        )
          .bind(backupId, after, ENTRIES_PER_READ)
          .all<EntryRow>();
        pending = results;
        if (pending.length === 0) {
          finished = true;
          zip.end();
          return;
        }
      }
      const row = pending.shift()!;
      after = row.position;
      const entry = new KnownEntry(row.name, row.size, row.crc >>> 0, mtime, row.meta);
      zip.add(entry);
      const object = await env.MEDIA.get(row.object_key);
      // Changed or gone since the backup was made: the download stops rather than hold a wrong copy.
      if (!object || object.size !== row.size) {
        controller.error(new Error(`backup entry ${row.name} changed since the backup was made`));
        finished = true;
        return;
      }
      if (row.size === 0) {
        entry.push(new Uint8Array(0), true);
        return;
      }
      const reader = object.body.getReader();
      let read = 0;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        read += value.length;
        entry.push(value, read === row.size);
      }
    },
  });
}
