// The steps of a backup and of a restore (backups.workflow.ts runs them). Each does a bounded piece —
// a page of a table, or media up to MEDIA_BYTES_PER_STEP — and records where the next one starts in
// its `backups` row, so a step run again after a failure does the same piece again, never another.
//
// A backup writes each page of a table to R2 as JSON and notes its size and CRC-32; its media entries
// are the bucket's objects themselves, read once for their CRC-32. The download then streams every
// entry as a stored zip entry (backups.download.ts). A restore lists the uploaded zip's entries once,
// then puts them back one by one: a page of rows as one statement, an object as it was.
import { isSystemJunk } from '@shared/zip-junk';
import { crc32 } from '@worker/lib/zip-entry';
import { DamagedZip, listZipEntries, placeOf, readZipEntry, type ZipEntryPlace } from '@worker/lib/zip-ranges';
import type { BackupRow } from '@worker/db/raw-rows';
import type { Env } from '@worker/env';
import { NOW_SQL } from '@worker/db/now';
import { BACKUP_TABLES, insertQuery, isBackupPiece, pageQuery, type TablePage } from './backup-tables';

export const BACKUP_FORMAT = 'vitrine-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST_NAME = 'vitrine-backup.json';
/**
 * Bytes of media a step reads (for their CRC, or to put them back): a few milliseconds of CPU. With 2 MB
 * a media step took 5.6 ms of the isolate's CPU at the median in `npm run bench -- --workflows` (R2's
 * list, get and put, the CRC), and over 10 ms in a fifth of the steps; so 1 MB.
 */
export const MEDIA_BYTES_PER_STEP = 1024 * 1024;
/** Objects listed at once by a media step. */
const OBJECTS_PER_LIST = 50;
/** The most entries a backup file may hold: a zip bomb of tiny entries is refused before anything. */
export const BACKUP_MAX_ENTRIES = 500_000;
/** The largest entry a restore inflates: a page of rows or an image, with room. */
const ENTRY_MAX_BYTES = 32 * 1024 * 1024;
/** Entries written to D1 by one statement when a restore lists the file. */
const ENTRIES_PER_STATEMENT = 1_000;

/** Why a backup or a restore failed, as the page says it (web i18n: backups.problem.*). */
export const BACKUP_PROBLEMS = ['not_a_backup', 'backup_version', 'backup_damaged', 'not_empty', 'admin_mismatch', 'step_failed'] as const;
export type BackupProblem = (typeof BACKUP_PROBLEMS)[number];

export class BackupFailure extends Error {
  /** `part`: with backup_damaged, the entry (or folder) of the file at fault, as the run then says it. */
  constructor(
    readonly problem: BackupProblem,
    readonly part: string | null = null,
  ) {
    super(problem);
  }
}

export type StepState = 'more' | 'next-phase' | 'done' | 'stopped';

/** What the manifest says of the backup. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** The newest database migration of the instance that made it: a restore needs the same. */
  schema: string | null;
  createdAt: string;
  tables: string[];
  /** Every page of rows the backup holds, by its name in the zip, with its count of rows. */
  pages: Record<string, number>;
  rows: number;
  objects: number;
  bytes: number;
}

export async function findBackup(env: Env, id: number): Promise<BackupRow | null> {
  return env.DB.prepare('SELECT * FROM backups WHERE id = ?1').bind(id).first<BackupRow>();
}

export async function loadBackup(env: Env, id: number): Promise<BackupRow> {
  const row = await findBackup(env, id);
  if (!row) throw new Error(`backup ${id} is gone`);
  return row;
}

/** Deletes what a run stored in R2: a backup's pieces (its media entries are the bucket's own objects), a restore's upload. */
export async function deleteBackupPieces(env: Env, row: Pick<BackupRow, 'id' | 'file_key'>): Promise<void> {
  for (let cursor: string | undefined; ;) {
    const listing = await env.MEDIA.list({ prefix: `backups/${row.id}/`, cursor });
    if (listing.objects.length > 0) await env.MEDIA.delete(listing.objects.map((o) => o.key));
    if (!listing.truncated) break;
    cursor = listing.cursor;
  }
  if (row.file_key) await env.MEDIA.delete(row.file_key);
}

/** The newest migration applied to this database. */
export async function schemaVersion(env: Env): Promise<string | null> {
  const row = await env.DB.prepare('SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1')
    .first<{ name: string }>()
    .catch(() => null);
  return row?.name ?? null;
}

export const pieceKey = (id: number, position: number) => `backups/${id}/${position}.json`;

const entryInsert = (env: Env) =>
  env.DB.prepare(
    `INSERT OR REPLACE INTO backup_entries (backup_id, position, name, object_key, offset, method, packed_size, size, crc, meta, rows)
     SELECT ?1, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7, value ->> 8, value ->> 9
     FROM json_each(?2)`,
  );

type EntryTuple = [
  position: number,
  name: string,
  objectKey: string | null,
  offset: number | null,
  method: number,
  packedSize: number,
  size: number,
  crc: number,
  meta: string | null,
  /** A page of rows: how many it holds (backup), or its manifest says it holds (restore). */
  rows?: number | null,
];

// ---------------------------------------------------------------- backup

/** A page of the current table into an entry; the next table when this one is read. */
export async function backupTableStep(env: Env, id: number): Promise<StepState> {
  const row = await loadBackup(env, id);
  const table = BACKUP_TABLES[row.table_index];
  if (!table) {
    await env.DB.prepare(`UPDATE backups SET phase = 'media', cursor = NULL WHERE id = ?1`).bind(id).run();
    return 'next-phase';
  }
  const query = pageQuery(table, row.cursor ? (JSON.parse(row.cursor) as unknown[]) : null);
  const [columns, ...rows] = await env.DB.prepare(query.sql)
    .bind(...query.params)
    .raw({ columnNames: true });
  if (rows.length === 0) {
    await env.DB.prepare('UPDATE backups SET table_index = table_index + 1, cursor = NULL WHERE id = ?1').bind(id).run();
    return 'more';
  }
  const page: TablePage = { table: table.name, columns: columns as string[], rows };
  const bytes = new TextEncoder().encode(JSON.stringify(page));
  const position = row.entries;
  const key = pieceKey(id, position);
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: 'application/json' } });
  const names = columns as string[];
  const last = rows[rows.length - 1]!;
  const cursor = table.key.map((k) => last[names.indexOf(k)]);
  const entry: EntryTuple = [
    position,
    `tables/${table.name}/${String(position).padStart(6, '0')}.json`,
    key,
    null,
    0,
    bytes.length,
    bytes.length,
    crc32(bytes),
    null,
    rows.length,
  ];
  await env.DB.batch([
    entryInsert(env).bind(id, JSON.stringify([entry])),
    env.DB.prepare('UPDATE backups SET cursor = ?2, entries = entries + 1, rows = rows + ?3, bytes = bytes + ?4 WHERE id = ?1').bind(
      id,
      JSON.stringify(cursor),
      rows.length,
      bytes.length,
    ),
  ]);
  return 'more';
}

/** The bucket's next objects, up to MEDIA_BYTES_PER_STEP (one at least), each noted with its CRC-32. */
export async function backupMediaStep(env: Env, id: number): Promise<StepState> {
  const row = await loadBackup(env, id);
  const listing = await env.MEDIA.list({ startAfter: row.cursor ?? undefined, limit: OBJECTS_PER_LIST });
  const entries: EntryTuple[] = [];
  let bytes = 0;
  let last = row.cursor;
  for (const listed of listing.objects) {
    if (entries.length > 0 && bytes + listed.size > MEDIA_BYTES_PER_STEP) break;
    last = listed.key;
    if (isBackupPiece(listed.key)) continue;
    const object = await env.MEDIA.get(listed.key);
    // Gone since it was listed: nothing to keep.
    if (!object) continue;
    const data = new Uint8Array(await object.arrayBuffer());
    const meta = JSON.stringify({ contentType: object.httpMetadata?.contentType ?? null, custom: object.customMetadata ?? {} });
    entries.push([row.entries + entries.length, `media/${listed.key}`, listed.key, null, 0, data.length, data.length, crc32(data), meta]);
    bytes += data.length;
  }
  if (last === row.cursor) {
    await env.DB.prepare(`UPDATE backups SET phase = 'done' WHERE id = ?1`).bind(id).run();
    return 'next-phase';
  }
  await env.DB.batch([
    ...(entries.length > 0 ? [entryInsert(env).bind(id, JSON.stringify(entries))] : []),
    env.DB.prepare('UPDATE backups SET cursor = ?2, entries = entries + ?3, objects = objects + ?3, bytes = bytes + ?4 WHERE id = ?1').bind(
      id,
      last,
      entries.length,
      bytes,
    ),
  ]);
  return 'more';
}

/** The manifest, as the last entry; the backup is ready to download. */
export async function backupFinishStep(env: Env, id: number): Promise<void> {
  const row = await loadBackup(env, id);
  const { results: pages } = await env.DB.prepare(
    'SELECT name, rows FROM backup_entries WHERE backup_id = ?1 AND rows IS NOT NULL ORDER BY position',
  )
    .bind(id)
    .all<{ name: string; rows: number }>();
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    schema: await schemaVersion(env),
    createdAt: new Date().toISOString(),
    tables: BACKUP_TABLES.map((t) => t.name),
    pages: Object.fromEntries(pages.map((p) => [p.name, p.rows])),
    rows: row.rows,
    objects: row.objects,
    bytes: row.bytes,
  };
  const bytes = new TextEncoder().encode(JSON.stringify(manifest, null, 2));
  const key = pieceKey(id, row.entries);
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: 'application/json' } });
  const entry: EntryTuple = [row.entries, MANIFEST_NAME, key, null, 0, bytes.length, bytes.length, crc32(bytes), null];
  await env.DB.batch([
    entryInsert(env).bind(id, JSON.stringify([entry])),
    env.DB.prepare(`UPDATE backups SET entries = entries + 1, status = 'done', finished_at = ${NOW_SQL} WHERE id = ?1`).bind(id),
  ]);
}

// ---------------------------------------------------------------- restore

/** Whether the instance holds nothing a restore would collide with: no collection, no other account. */
export async function instanceIsEmpty(env: Env, restorerId: number): Promise<boolean> {
  const row = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM collections) + (SELECT count(*) FROM borrowers) + (SELECT count(*) FROM users WHERE id <> ?1) AS n`,
  )
    .bind(restorerId)
    .first<{ n: number }>();
  return row?.n === 0;
}

/** Reads one entry of the uploaded file whole, checked against its CRC-32; one that fails is named. */
async function readEntry(env: Env, fileKey: string, entry: ZipEntryPlace & { name?: string }): Promise<Uint8Array> {
  try {
    return await readZipEntry(env.MEDIA, fileKey, entry);
  } catch (err) {
    if (err instanceof DamagedZip && entry.name) throw new BackupFailure('backup_damaged', entry.name);
    throw err;
  }
}

/**
 * Lists the file's entries into D1 (once), after checking it is a backup this instance can take: its
 * manifest first, then that the instance is still empty and its administrator is the backup's.
 */
export async function restoreOpenStep(env: Env, id: number): Promise<StepState> {
  const row = await loadBackup(env, id);
  const listed = await listZipEntries(env.MEDIA, row.file_key!);
  if (!listed) throw new BackupFailure('not_a_backup');
  if (listed.length > BACKUP_MAX_ENTRIES) throw new BackupFailure('backup_damaged');
  // What a computer added to the folders (.DS_Store, __MACOSX/…) is no part of the backup.
  const files = listed.filter((e) => !e.directory && !isSystemJunk(e.filename));
  if (files.some((e) => (e.compressionMethod !== 0 && e.compressionMethod !== 8) || e.encrypted || e.uncompressedSize > ENTRY_MAX_BYTES)) {
    throw new BackupFailure('backup_damaged');
  }
  const manifestEntry = files.find((e) => e.filename === MANIFEST_NAME);
  if (!manifestEntry) throw new BackupFailure('not_a_backup');
  const toRow = placeOf;
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(new TextDecoder().decode(await readEntry(env, row.file_key!, toRow(manifestEntry)))) as Partial<BackupManifest>;
  } catch (err) {
    throw err instanceof BackupFailure || err instanceof DamagedZip ? err : new BackupFailure('not_a_backup');
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupFailure('not_a_backup');
  if (manifest.version !== BACKUP_VERSION || manifest.schema !== (await schemaVersion(env))) throw new BackupFailure('backup_version');
  if (row.user_id === null || !(await instanceIsEmpty(env, row.user_id))) throw new BackupFailure('not_empty');
  const expected = checkContents(manifest, files);

  // Tables in the order a restore needs (a row's parents first), then media: the order the backup
  // wrote them in, whatever order the file has them in now.
  const rank = (name: string) => {
    const table = name.startsWith('tables/') ? BACKUP_TABLES.findIndex((t) => name.startsWith(`tables/${t.name}/`)) : -1;
    return table >= 0 ? table : name.startsWith('media/') ? BACKUP_TABLES.length : BACKUP_TABLES.length + 1;
  };
  const ordered = files
    .filter((e) => rank(e.filename) <= BACKUP_TABLES.length)
    .sort((a, b) => rank(a.filename) - rank(b.filename) || (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0));
  const tuples: EntryTuple[] = ordered.map((e, position) => {
    const r = toRow(e);
    return [
      position,
      e.filename,
      null,
      r.offset,
      r.method,
      r.packed_size,
      r.size,
      r.crc,
      e.comment || null,
      expected.get(e.filename) ?? null,
    ];
  });
  const statements: D1PreparedStatement[] = [];
  for (let at = 0; at < tuples.length; at += ENTRIES_PER_STATEMENT) {
    statements.push(entryInsert(env).bind(id, JSON.stringify(tuples.slice(at, at + ENTRIES_PER_STATEMENT))));
  }
  statements.push(
    env.DB.prepare(`UPDATE backups SET phase = 'verify', table_index = 0, entries = ?2 WHERE id = ?1`).bind(id, tuples.length),
  );
  await env.DB.batch(statements);
  return 'next-phase';
}

/**
 * The zip holds what its manifest says, before anything is read or written: every page of rows it
 * lists and no other, rows adding up to its count, as many stored files as it counts. The pages' own
 * counts of rows are compared as each is checked (`restoreStep`, verify). Gives each page's rows.
 */
function checkContents(manifest: Partial<BackupManifest>, files: { filename: string }[]): Map<string, number> {
  const pages = manifest.pages;
  if (!pages || typeof pages !== 'object' || Array.isArray(pages)) throw new BackupFailure('backup_damaged', MANIFEST_NAME);
  const expected = new Map<string, number>();
  let rows = 0;
  for (const [name, count] of Object.entries(pages)) {
    if (!name.startsWith('tables/') || !Number.isSafeInteger(count) || count < 0) throw new BackupFailure('backup_damaged', MANIFEST_NAME);
    expected.set(name, count);
    rows += count;
  }
  if (rows !== manifest.rows) throw new BackupFailure('backup_damaged', MANIFEST_NAME);
  const held = new Set(files.map((e) => e.filename));
  for (const name of expected.keys()) if (!held.has(name)) throw new BackupFailure('backup_damaged', name);
  for (const name of held) if (name.startsWith('tables/') && !expected.has(name)) throw new BackupFailure('backup_damaged', name);
  const media = files.filter((e) => e.filename.startsWith('media/')).length;
  if (media !== manifest.objects) throw new BackupFailure('backup_damaged', 'media/');
  return expected;
}

interface StoredEntry {
  position: number;
  name: string;
  offset: number;
  method: number;
  packed_size: number;
  size: number;
  crc: number;
  meta: string | null;
  rows: number | null;
}

/** A page of rows as the backup wrote it, checked enough to be put back as it is. */
function tablePageOf(bytes: Uint8Array): { table: (typeof BACKUP_TABLES)[number]; page: TablePage } {
  let page: Partial<TablePage>;
  try {
    page = JSON.parse(new TextDecoder().decode(bytes)) as Partial<TablePage>;
  } catch {
    throw new BackupFailure('backup_damaged');
  }
  const table = BACKUP_TABLES.find((t) => t.name === page.table);
  if (
    !table ||
    !Array.isArray(page.columns) ||
    !Array.isArray(page.rows) ||
    !page.columns.every((c) => typeof c === 'string' && /^[a-z_]+$/.test(c))
  ) {
    throw new BackupFailure('backup_damaged');
  }
  return { table, page: page as TablePage };
}

/**
 * A page names only columns its table has (the same migration made both, but a file may have been
 * edited), once each, and every row has a value for each: then writing it cannot fail half way.
 */
async function checkColumns(env: Env, table: (typeof BACKUP_TABLES)[number], page: TablePage): Promise<void> {
  const { results } = await env.DB.prepare('SELECT name FROM pragma_table_info(?1)').bind(table.name).all<{ name: string }>();
  const known = new Set(results.map((r) => r.name));
  if (table.select.startsWith('rowid')) known.add('rowid');
  const width = page.columns.length;
  if (
    !page.columns.every((c) => known.has(c)) ||
    new Set(page.columns).size !== width ||
    !page.rows.every((r) => Array.isArray(r) && r.length === width)
  ) {
    throw new BackupFailure('backup_damaged');
  }
}

/**
 * The one account the empty instance has, its administrator, is overwritten by the backup's account
 * of the same id: that must be the same account (by name), or the backup's users would collide with it.
 */
async function checkRestorer(env: Env, restorerId: number, page: TablePage): Promise<void> {
  const restorer = await env.DB.prepare('SELECT username FROM users WHERE id = ?1').bind(restorerId).first<{ username: string }>();
  const id = page.columns.indexOf('id');
  const username = page.columns.indexOf('username');
  if (!restorer || id < 0 || username < 0) throw new BackupFailure('backup_damaged');
  const name = restorer.username.toLowerCase();
  for (const user of page.rows) {
    const sameId = user[id] === restorerId;
    const sameName = String(user[username]).toLowerCase() === name;
    if (sameId !== sameName) throw new BackupFailure('admin_mismatch');
  }
}

/**
 * The next entries checked (`verify`: every entry's CRC-32 and every page's shape, before anything is
 * written, so a damaged file changes nothing) or put back (`write`): one page of rows, or objects up to
 * MEDIA_BYTES_PER_STEP.
 */
export async function restoreStep(env: Env, id: number, mode: 'verify' | 'write'): Promise<StepState> {
  const row = await loadBackup(env, id);
  const { results } = await env.DB.prepare(
    `SELECT position, name, offset, method, packed_size, size, crc, meta, rows FROM backup_entries
     WHERE backup_id = ?1 AND position >= ?2 ORDER BY position LIMIT ?3`,
  )
    .bind(id, row.table_index, OBJECTS_PER_LIST)
    .all<StoredEntry>();
  if (results.length === 0) {
    if (mode === 'verify') {
      // Checked throughout: the same entries are now put back, from the first.
      await env.DB.prepare(`UPDATE backups SET phase = 'tables', table_index = 0 WHERE id = ?1`).bind(id).run();
      return 'next-phase';
    }
    return 'done';
  }
  const first = results[0]!;
  if (first.name.startsWith('tables/')) {
    const { table, page } = tablePageOf(await readEntry(env, row.file_key!, first));
    if (mode === 'verify') {
      // Fewer (or more) rows than the manifest says: a page cut short, or edited.
      if (page.rows.length !== first.rows) throw new BackupFailure('backup_damaged', first.name);
      await checkColumns(env, table, page);
      if (table.name === 'users') await checkRestorer(env, row.user_id!, page);
      await env.DB.prepare('UPDATE backups SET table_index = ?2 WHERE id = ?1')
        .bind(id, first.position + 1)
        .run();
      return 'more';
    }
    await env.DB.batch([
      env.DB.prepare(insertQuery(table, page.columns)).bind(JSON.stringify(page.rows)),
      env.DB.prepare(`UPDATE backups SET table_index = ?2, rows = rows + ?3, bytes = bytes + ?4 WHERE id = ?1`).bind(
        id,
        first.position + 1,
        page.rows.length,
        first.size,
      ),
    ]);
    return 'more';
  }
  let bytes = 0;
  let next = first.position;
  let objects = 0;
  for (const entry of results) {
    if (!entry.name.startsWith('media/') || (objects > 0 && bytes + entry.size > MEDIA_BYTES_PER_STEP)) break;
    const data = await readEntry(env, row.file_key!, entry);
    bytes += data.length;
    objects += 1;
    next = entry.position + 1;
    if (mode === 'verify') continue;
    const meta = entry.meta ? (JSON.parse(entry.meta) as { contentType?: string | null; custom?: Record<string, string> }) : {};
    await env.MEDIA.put(entry.name.slice('media/'.length), data, {
      httpMetadata: meta.contentType ? { contentType: meta.contentType } : undefined,
      customMetadata: meta.custom ?? {},
    });
  }
  const counted = mode === 'write' ? ', objects = objects + ?3, bytes = bytes + ?4' : '';
  await env.DB.prepare(`UPDATE backups SET table_index = ?2${counted} WHERE id = ?1`)
    .bind(id, next, ...(mode === 'write' ? [objects, bytes] : []))
    .run();
  return 'more';
}

/** The restore is over: the uploaded file goes, the run says done. */
export async function restoreFinishStep(env: Env, id: number): Promise<void> {
  const row = await loadBackup(env, id);
  if (row.file_key) await env.MEDIA.delete(row.file_key);
  await env.DB.batch([
    env.DB.prepare('DELETE FROM backup_entries WHERE backup_id = ?1').bind(id),
    env.DB.prepare(`UPDATE backups SET status = 'done', phase = 'done', finished_at = ${NOW_SQL} WHERE id = ?1`).bind(id),
  ]);
}

/** The run failed: it says why (what was wrong with the file, or a step that kept failing). */
export async function markBackupFailed(env: Env, id: number, problem: BackupProblem, part: string | null = null): Promise<void> {
  await env.DB.prepare(
    `UPDATE backups SET status = 'failed', problem = ?2, problem_part = ?3, finished_at = ${NOW_SQL} WHERE id = ?1 AND status = 'running'`,
  )
    .bind(id, problem, part)
    .run();
}

/**
 * Runs a step; a file that cannot be restored stops the run at once with its reason (retrying would
 * find the same), where any other error is thrown for the Workflow to retry.
 */
export async function unlessRefused(env: Env, id: number, step: () => Promise<StepState>): Promise<StepState> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof DamagedZip) {
      await markBackupFailed(env, id, 'backup_damaged');
      return 'stopped';
    }
    if (!(err instanceof BackupFailure)) throw err;
    await markBackupFailed(env, id, err.problem, err.part);
    return 'stopped';
  }
}
