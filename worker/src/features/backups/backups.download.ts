// A made backup as one zip, streamed: each entry is stored (not compressed) with the size and CRC-32
// its step noted, so the download only moves bytes from R2 to the response (fflate writes the zip's
// headers and central directory). Entries are read a page at a time from D1.
import type { Env } from '@worker/env';
import { KnownEntry, pourObject, zipStream } from '@worker/lib/zip-entry';

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
  let after = -1;
  let pending: EntryRow[] = [];
  // One entry per pull.
  return zipStream(async (zip) => {
    if (pending.length === 0) {
      const { results } = await env.DB.prepare(
        `SELECT position, name, object_key, size, crc, meta FROM backup_entries
         WHERE backup_id = ?1 AND position > ?2 ORDER BY position LIMIT ?3`,
      )
        .bind(backupId, after, ENTRIES_PER_READ)
        .all<EntryRow>();
      pending = results;
      if (pending.length === 0) return 'done';
    }
    const row = pending.shift()!;
    after = row.position;
    const entry = new KnownEntry(row.name, row.size, row.crc >>> 0, mtime, row.meta);
    zip.add(entry);
    // Changed or gone since the backup was made: the download stops rather than hold a wrong copy.
    if (!(await pourObject(env.MEDIA, row.object_key, entry, row.size, true)))
      throw new Error(`backup entry ${row.name} changed since the backup was made`);
    return 'more';
  });
}
