import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { sqlNow } from './now';
import { collections } from './collections.schema';
import { users } from './users.schema';
import { accountArchives } from './account-archives.schema';

/**
 * A collection's export with its pictures being made or made: a Workflow (exports.workflow.ts) writes
 * the Vitrine JSON a page of items at a time into R2 (`exports/{id}/{piece}`), noting the document's
 * size and running CRC-32, then notes each picture's size and CRC-32, so that the download streams a zip
 * of stored entries without computing anything. Removed, with its pieces, a day after it began
 * (maintenance/exports-cleanup.job.ts).
 */
export const collectionExports = sqliteTable('collection_exports', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  // Kept when the collection or the account goes (set to null): the daily clean-up still finds the run,
  // and deletes its pieces in R2 with it.
  collectionId: integer('collection_id').references(() => collections.id, { onDelete: 'set null' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The backup of its owner's collections this export is part of (account-archives.schema.ts). */
  archiveId: integer('archive_id').references(() => accountArchives.id, { onDelete: 'set null' }),
  /** running | done | failed */
  status: text('status').notNull().default('running'),
  /** document | pictures | done */
  phase: text('phase').notNull().default('document'),
  /** The last item id written into the document. */
  cursor: integer('cursor').notNull().default(0),
  /** Pieces of the document in R2 so far. */
  pieces: integer('pieces').notNull().default(0),
  /** The document's bytes so far, and the CRC-32 of those bytes. */
  documentSize: integer('document_size').notNull().default(0),
  documentCrc: integer('document_crc').notNull().default(0),
  items: integer('items').notNull().default(0),
  pictures: integer('pictures').notNull().default(0),
  /** Bytes of the pictures measured so far. */
  bytes: integer('bytes').notNull().default(0),
  /** When it exported the document: the file's stated time. */
  exportedAt: text('exported_at').notNull().default(sqlNow),
  createdAt: text('created_at').notNull().default(sqlNow),
  finishedAt: text('finished_at'),
});

/** The pictures an export holds, by their R2 key: size and CRC-32 once measured (null before). */
export const collectionExportPictures = sqliteTable(
  'collection_export_pictures',
  {
    exportId: integer('export_id')
      .notNull()
      .references(() => collectionExports.id, { onDelete: 'cascade' }),
    objectKey: text('object_key').notNull(),
    size: integer('size'),
    crc: integer('crc'),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.objectKey] })],
);
