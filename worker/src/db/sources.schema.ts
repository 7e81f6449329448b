import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { collections } from './collections.schema';
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
