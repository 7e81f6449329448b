import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { collections } from './collections.schema';
import { users } from './users.schema';

/**
 * An invitation by email to a shared collection, for someone without an account (docs/product.md
 * "Sharing"). Only the SHA-256 of the link's secret is kept; a link works once, until it expires or is
 * revoked, and only while the administrator allows invitations. Rows are never deleted by that setting.
 */
export const collectionInvitations = sqliteTable(
  'collection_invitations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['viewer', 'editor', 'co_owner'] }).notNull(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    revokedAt: text('revoked_at'),
    createdAt: text('created_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [
    uniqueIndex('collection_invitations_secret_idx').on(t.secretHash),
    // The Sharing card lists a collection's pending invitations.
    index('collection_invitations_collection_idx').on(t.collectionId),
  ],
);
