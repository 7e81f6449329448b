import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.schema';

/**
 * Collections belong to a user; deleting the user deletes them (spec §5) through the foreign key's
 * ON DELETE CASCADE, which D1 enforces. The catalogue adds its columns and child tables here.
 */
export const collections = sqliteTable(
  'collections',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: text('created_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [index('collections_owner_id_idx').on(t.ownerId)],
);
