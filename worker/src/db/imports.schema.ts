import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { collections } from './collections.schema';
import { sqlNow } from './now';
import { users } from './users.schema';

/**
 * A place a collection's import re-runs from on a schedule (the Worker's cron starts each run): a file
 * at an address (CSV/TSV, Tellico, GCstar...), a BoardGameGeek user's collection, or a Goodreads shelf's
 * feed, read with the plan chosen when the source was set up. A run that fails brings the next one
 * closer (backoff), and the owner hears of it by email after three failures in a row.
 */
export const scheduledImports = sqliteTable(
  'import_sources',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    /** Who set it up: the runs are theirs, and so are the emails about failures. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** url, bgg or goodreads (shared/schemas/scheduled-imports.ts). */
    kind: text('kind').notNull(),
    /** The file's address, the BoardGameGeek user name, or the Goodreads user id. */
    address: text('address').notNull(),
    /** The Goodreads shelf (read, to-read, ... or the person's own). */
    shelf: text('shelf'),
    /** JSON: the plan of every run (shared/schemas/imports.ts importPlan), its properties all existing. */
    plan: text('plan').notNull(),
    /** daily or weekly. */
    schedule: text('schedule').notNull(),
    /** When the cron should start the next run (the database's clock). */
    nextRunAt: text('next_run_at').notNull(),
    /** Runs failed in a row: each brings the next one closer; the third tells the owner. */
    failures: integer('failures').notNull().default(0),
    lastRunAt: text('last_run_at'),
    createdAt: text('created_at').notNull().default(sqlNow),
    updatedAt: text('updated_at').notNull().default(sqlNow),
  },
  (t) => [index('import_sources_due_idx').on(t.nextRunAt), index('import_sources_collection_idx').on(t.collectionId)],
);

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
    /** The scheduled source this run came from (null for a file someone uploaded). */
    sourceId: integer('source_id').references(() => scheduledImports.id, { onDelete: 'set null' }),
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
    /**
     * Whether the run fetches the pictures its records give as addresses (covers on the web) into R2,
     * in steps of their own between the pictures of a zip and the records' import.
     */
    coversWanted: integer('covers_wanted', { mode: 'boolean' }).notNull().default(false),
    /** Bytes into the file the covers' walk has reached; null when no walk is pending (none wanted, or done). */
    coversPosition: integer('covers_position'),
    /** Records the covers' walk has passed, and the addresses fetched and refused (for the progress and the report). */
    coversWalked: integer('covers_walked').notNull().default(0),
    coversFetched: integer('covers_fetched').notNull().default(0),
    coversFailed: integer('covers_failed').notNull().default(0),
    /** Bytes of the file: the progress bar's end while its records are not counted. */
    fileLength: integer('file_length').notNull(),
    /** The encoding the file is read in (detected or chosen). */
    encoding: text('encoding').notNull(),
    /** JSON: what the file's head says (shared/import/records.ts ImportHead), with `start` in bytes. */
    head: text('head').notNull(),
    /** JSON: the plan (shared/schemas/imports.ts importPlan), as accepted. */
    plan: text('plan').notNull(),
    /**
     * fetching (a scheduled run's file is being fetched), checking (the whole file is read before anything
     * is written), importing, done, failed, cancelled.
     */
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
 * case, without folders), or fetched from the addresses they give (the address is the name), and the
 * media value each became; `!reason` for an address that gave no picture (shared FetchProblem, or
 * not_image). Import steps read it to fill image values; later runs of the collection reuse the values
 * of addresses already fetched (by name, hence its index).
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
  (t) => [primaryKey({ columns: [t.importId, t.name] }), index('import_media_name_idx').on(t.name)],
);
