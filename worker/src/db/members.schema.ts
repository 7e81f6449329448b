import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { collections } from './collections.schema';
import { users } from './users.schema';

/**
 * The people a collection is shared with, each with a role (docs/product.md): viewer, editor or
 * co-owner. The owner is never a row here. Deleting the collection or the user deletes the row, so a
 * removed person's next request is refused.
 */
export const collectionMembers = sqliteTable(
  'collection_members',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['viewer', 'editor', 'co_owner'] }).notNull(),
    addedAt: text('added_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [
    uniqueIndex('collection_members_pair_idx').on(t.collectionId, t.userId),
    // "Shared with me" reads a user's rows.
    index('collection_members_user_idx').on(t.userId),
  ],
);
