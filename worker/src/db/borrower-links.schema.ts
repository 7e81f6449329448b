import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { borrowers } from './lending.schema';
import { sqlNow } from './now';
import { users } from './users.schema';

/**
 * A borrower's private page and calendar feed. One row per borrower, i.e. per email address and lender:
 * a friend borrowing from two owners has two links. Only the SHA-256 (hex) of each secret is stored; the
 * page secret expires (renewed by each loan email) and both can be reset, which kills the old one at once.
 */
export const borrowerLinks = sqliteTable(
  'borrower_links',
  {
    borrowerId: integer('borrower_id')
      .primaryKey()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    /**
     * Random; the secret is HMAC(APP_SECRET, nonce), so every loan email can carry the same link again
     * while the database alone never holds it.
     */
    pageNonce: text('page_nonce').notNull(),
    pageHash: text('page_hash').notNull(),
    /** The page secret stops working after this instant (ISO). */
    pageExpiresAt: text('page_expires_at').notNull(),
    /** Null until the borrower subscribes to their calendar. */
    feedNonce: text('feed_nonce'),
    feedHash: text('feed_hash'),
    createdAt: text('created_at').notNull().default(sqlNow),
  },
  (t) => [uniqueIndex('borrower_links_page_unique').on(t.pageHash), uniqueIndex('borrower_links_feed_unique').on(t.feedHash)],
);

/** An owner's lending preferences: the secret of their calendar feed of all loans, and their digest. */
export const ownerLendingPreferences = sqliteTable(
  'owner_lending_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    feedNonce: text('feed_nonce'),
    feedHash: text('feed_hash'),
    /** off, daily or weekly (shared/lending.ts DIGEST_FREQUENCIES). */
    digest: text('digest').notNull().default('off'),
    /** The period (a date, or a week's Monday) the last digest was sent for: one digest per period. */
    digestSentFor: text('digest_sent_for'),
  },
  (t) => [uniqueIndex('owner_lending_preferences_feed_unique').on(t.feedHash)],
);
