import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { collections } from './collections.schema';
import { users } from './users.schema';
import { sqlNow } from './now';

/**
 * What metadata sources answered, kept a day (features/sources/sources.service.ts): the same search
 * again (a second person, the same ISBN scanned twice) costs one row read and no outside request.
 * Keyed by source, kind, language and query; the cron's purge removes expired rows.
 */
export const sourceCache = sqliteTable(
  'source_cache',
  {
    key: text('key').primaryKey(),
    /** The hits as JSON (without whether a collection owns them, which is read fresh). */
    hits: text('hits').notNull(),
    expiresAt: text('expires_at').notNull(),
  },
  (t) => [index('source_cache_expires_idx').on(t.expiresAt)],
);

/** Where a collection puts each field of a source's hits, when its owner changed the default (JSON). */
export const sourceMappings = sqliteTable('source_mappings', {
  collectionId: integer('collection_id')
    .primaryKey()
    .references(() => collections.id, { onDelete: 'cascade' }),
  mapping: text('mapping').notNull(),
  updatedAt: text('updated_at').notNull().default(sqlNow),
});

/**
 * A list of ISBNs or barcodes (pasted, or scanned one after another) to become items of a collection,
 * worked through by a Workflow (features/sources/source-queue.workflow.ts) a few codes a step. The
 * counts are the page's progress bar; each code's outcome is in source_queue_codes.
 */
export const sourceQueues = sqliteTable(
  'source_queues',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The one source asked, or null for every source of the collection's type that reads codes, in order. */
    source: text('source'),
    /** The language its creator used: sources with translations (TMDB) answer in it. */
    locale: text('locale').notNull(),
    /** running, done, cancelled or failed (an unexpected error; what was added stays). */
    status: text('status').notNull().default('running'),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    added: integer('added').notNull().default(0),
    owned: integer('owned').notNull().default(0),
    missing: integer('missing').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    createdAt: text('created_at').notNull().default(sqlNow),
    updatedAt: text('updated_at').notNull().default(sqlNow),
    finishedAt: text('finished_at'),
  },
  (t) => [index('source_queues_collection_idx').on(t.collectionId, t.id)],
);

/**
 * One code of a queue, in the order given. `outcome` stays null until a step has worked on it: added
 * (item_id is the new item), owned (the collection already held it: item_id is that item), missing (no
 * source knew it) or failed (`problem` says why: a source's problem, or a value the collection refused).
 */
export const sourceQueueCodes = sqliteTable(
  'source_queue_codes',
  {
    queueId: integer('queue_id')
      .notNull()
      .references(() => sourceQueues.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    code: text('code').notNull(),
    outcome: text('outcome'),
    /** No foreign key: deleting items would then scan this table; the report joins items to see it still exists. */
    itemId: integer('item_id'),
    title: text('title'),
    source: text('source'),
    problem: text('problem'),
  },
  (t) => [primaryKey({ columns: [t.queueId, t.position] })],
);

/**
 * External metadata modules (Configuration → Modules): a source outside Vitrine at an https address that
 * answers the protocol of docs/guide/metadata-sources.md ("External metadata modules"). Its id in
 * searches is `ext-<id>`;
 * AUTOINCREMENT keeps a removed module's number from being given again, so no cached answer or queue
 * outcome of a removed module is taken for a new one's. The manifest's fields are kept as last read
 * successfully; `problem` says what went wrong when it was read again and failed.
 */
export const externalSources = sqliteTable('external_sources', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** The base address B, without a trailing slash: the manifest is at B/manifest. */
  address: text('address').notNull().unique(),
  name: text('name').notNull(),
  version: text('version').notNull(),
  description: text('description'),
  /** The collection types it serves (JSON array of template types, or ["any"]). */
  types: text('types').notNull(),
  barcodes: integer('barcodes', { mode: 'boolean' }).notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  checkedAt: text('checked_at').notNull().default(sqlNow),
  problem: text('problem'),
  createdAt: text('created_at').notNull().default(sqlNow),
});
