import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { collections } from './collections.schema';
import { sqlNow } from './now';
import { users } from './users.schema';

/**
 * One run of an import into a collection: the file (as uploaded, in R2 under file_key), the plan
 * (format, CSV layout, where each field goes), and its progress, kept by the Workflow that runs it.
 * `position` is how far into the file the current phase has gone, in bytes, so a step that runs twice
 * finds its work done. Runs stay as the collection's import history.
 */
export const imports = sqliteTable(
  'imports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    fileName: text('file_name').notNull(),
    /** The file as uploaded, in R2 (imports/<collection>/<random>), read a window at a time. */
    fileKey: text('file_key').notNull(),
    /**
     * The zip the file came in (Tellico's .tc, a GCstar archive), in R2 while its pictures are still to
     * be taken out of it; null once they all are, or when the file came alone.
     */
    archiveKey: text('archive_key'),
    /** The archive's entries walked so far by the steps that take its pictures out. */
    archivePosition: integer('archive_position').notNull().default(0),
    /** Bytes of the file: the progress bar's end while its records are not counted. */
    fileLength: integer('file_length').notNull(),
    /** The encoding the file is read in (detected or chosen). */
    encoding: text('encoding').notNull(),
    /** JSON: what the file's head says (shared/import/source.ts SourceHead), with `start` in bytes. */
    head: text('head').notNull(),
    /** JSON: the plan (shared/schemas/imports.ts importPlan), as accepted. */
    plan: text('plan').notNull(),
    /** checking (the whole file is read before anything is written), importing, done, failed, cancelled. */
    status: text('status').notNull().default('checking'),
    /** Records in the file, once the check has counted them. */
    total: integer('total'),
    /** Bytes into the file the current phase has reached. */
    position: integer('position').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Why a run stopped without finishing: a file problem (shared/import/errors.ts) or "internal". */
    error: text('error'),
    /** JSON details of that problem (its row, the limit it broke). */
    errorDetails: text('error_details'),
    createdAt: text('created_at').notNull().default(sqlNow),
    updatedAt: text('updated_at').notNull().default(sqlNow),
    finishedAt: text('finished_at'),
  },
  (t) => [index('imports_collection_idx').on(t.collectionId, t.id)],
);

/**
 * The report of one step of an import: one letter per record from first_row on (a added, u updated,
 * n unchanged, s skipped, f failed) and the reasons of those skipped or failed, as JSON. One row per
 * step, written in the step's batch, keeps the report at a fiftieth of a row per imported item.
 */
export const importSteps = sqliteTable(
  'import_steps',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    firstRow: integer('first_row').notNull(),
    outcomes: text('outcomes').notNull(),
    problems: text('problems').notNull().default('[]'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.firstRow] })],
);

/**
 * The pictures an import took out of its archive, by the name the file's records give them (lower
 * case, without folders), and the media value each became. Import steps read it to fill image values.
 */
export const importMedia = sqliteTable(
  'import_media',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.name] })],
);
