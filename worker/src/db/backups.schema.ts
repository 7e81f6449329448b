import { sql } from 'drizzle-orm';
import { integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sqlNow } from './now';
import { users } from './users.schema';

/**
 * A backup of the whole instance being made or made (its pieces in R2 under `backups/{id}/`, its media
 * the bucket's own objects), or a restore of one being run. Each is a Workflow (backups.workflow.ts)
 * whose steps move `phase`, `table_index` and `cursor` on; never itself backed up. One runs at a time:
 * the unique index on the running state lets a second running row never exist.
 */
export const backups = sqliteTable(
  'backups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** backup | restore */
    kind: text('kind').notNull(),
    /** running | done | failed */
    status: text('status').notNull().default('running'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** backup: tables, media, done; restore: upload (the file coming), open, verify, tables, done */
    phase: text('phase').notNull(),
    /** The table being read (backup), or the entry being restored (restore). */
    tableIndex: integer('table_index').notNull().default(0),
    /** Where the phase goes on from: the last key read (JSON) or the bucket listing's cursor. */
    cursor: text('cursor'),
    /** Entries written so far (backup), or in the file (restore). */
    entries: integer('entries').notNull().default(0),
    rows: integer('rows').notNull().default(0),
    objects: integer('objects').notNull().default(0),
    bytes: integer('bytes').notNull().default(0),
    /** restore: the uploaded file in R2. */
    fileKey: text('file_key'),
    /** A problem code (BACKUP_PROBLEMS) when it failed. */
    problem: text('problem'),
    /** With backup_damaged: the part of the file at fault (a page or file missing, extra, or not as the manifest says). */
    problemPart: text('problem_part'),
    createdAt: text('created_at').notNull().default(sqlNow),
    finishedAt: text('finished_at'),
  },
  (t) => [
    uniqueIndex('backups_one_running')
      .on(t.status)
      .where(sql`status = 'running'`),
  ],
);

/**
 * The zip entries of a backup, in order: each names where its bytes are (`object_key`, for a backup)
 * or where they start in the uploaded file (`offset`, for a restore), with their size and CRC-32, so
 * the download is a stream of stored objects and a restore step reads one entry by range.
 */
export const backupEntries = sqliteTable(
  'backup_entries',
  {
    backupId: integer('backup_id')
      .notNull()
      .references(() => backups.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    objectKey: text('object_key'),
    /** restore: where the entry's local header starts in the file. */
    offset: integer('offset'),
    /** restore: 0 stored, 8 deflated. */
    method: integer('method').notNull().default(0),
    /** Bytes in the archive (compressed, for a deflated entry). */
    packedSize: integer('packed_size').notNull(),
    size: integer('size').notNull(),
    crc: integer('crc').notNull(),
    /** A media object's content type and metadata (JSON), kept as the entry's comment in the zip. */
    meta: text('meta'),
    /** A page of a table: its rows (backup), or the rows its manifest says it holds (restore). */
    rows: integer('rows'),
  },
  (t) => [primaryKey({ columns: [t.backupId, t.position] })],
);
