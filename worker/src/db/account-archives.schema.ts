import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { collections } from './collections.schema';
import { imports } from './imports.schema';
import { sqlNow } from './now';
import { users } from './users.schema';

/**
 * A person's backup of their own collections, or a restore of one into their account (the profile
 * page). A backup is one export with pictures per collection (collection_exports rows that name it),
 * made one after the other by the export Workflow and downloaded as one zip. A restore lists the
 * uploaded zip's entries (account_restore_entries), then for each collection makes it again with its
 * properties and imports its document and pictures (an imports row, so its report reads like any
 * import's). Removed a day after it began, with what it stored (maintenance/exports-cleanup.job.ts). One
 * runs at a time for a person: the unique index on the running state lets a second never exist.
 */
export const accountArchives = sqliteTable(
  'account_archives',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** backup | restore */
    kind: text('kind').notNull(),
    /** running | done | failed */
    status: text('status').notNull().default('running'),
    /** restore: upload (the file coming), open, create, pictures, import, done */
    phase: text('phase').notNull().default('open'),
    /** The restore's uploaded zip in R2. */
    fileKey: text('file_key'),
    /** Collections in the archive, and (restore) those made again so far. */
    collections: integer('collections').notNull().default(0),
    restored: integer('restored').notNull().default(0),
    /** restore: the position of the collection being made again, and of its last picture stored. */
    folder: integer('folder').notNull().default(0),
    cursor: integer('cursor').notNull().default(-1),
    /** Why it failed (shared/schemas/account-archives.ts ARCHIVE_PROBLEMS). */
    problem: text('problem'),
    /** With archive_damaged: the part of the zip at fault (a document or pictures folder not as the manifest says). */
    problemPart: text('problem_part'),
    createdAt: text('created_at').notNull().default(sqlNow),
    finishedAt: text('finished_at'),
  },
  (t) => [
    index('account_archives_user_idx').on(t.userId, t.id),
    uniqueIndex('account_archives_one_running')
      .on(t.userId)
      .where(sql`status = 'running'`),
  ],
);

/**
 * The entries of a restore's zip that it uses, listed once: each collection's document (kind
 * `document`, with the collection and the import made from it once they exist) and its pictures.
 */
export const accountRestoreEntries = sqliteTable(
  'account_restore_entries',
  {
    archiveId: integer('archive_id')
      .notNull()
      .references(() => accountArchives.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The collection's position in the archive's manifest. */
    folder: integer('folder').notNull(),
    /** document | picture */
    kind: text('kind').notNull(),
    /** A picture's name in the zip; a document's collection name, as the manifest gives it. */
    name: text('name').notNull(),
    offset: integer('offset').notNull(),
    method: integer('method').notNull(),
    packedSize: integer('packed_size').notNull(),
    size: integer('size').notNull(),
    crc: integer('crc').notNull(),
    collectionId: integer('collection_id').references(() => collections.id, { onDelete: 'set null' }),
    importId: integer('import_id').references(() => imports.id, { onDelete: 'set null' }),
    /** A document's: the name of the collection's own picture among the archive's, if it has one. */
    image: text('image'),
  },
  (t) => [
    primaryKey({ columns: [t.archiveId, t.position] }),
    index('account_restore_entries_folder_idx').on(t.archiveId, t.folder, t.kind, t.position),
  ],
);
