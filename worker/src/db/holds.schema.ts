import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { items } from './collections.schema';
import { borrowers, loans } from './lending.schema';
import { sqlNow } from './now';
import { users } from './users.schema';

/**
 * A place in an item's waiting list (docs/product.md "Loans", shared/lending.ts HOLD_STATES). The person is
 * a borrower of the owner's, found by email or created when they join (like a borrow request), so their
 * borrower page lists their places. `position` orders the queue (first come, first served, the owner may
 * reorder); an offered hold keeps a copy for its person until `offer_expires_at`.
 */
export const holds = sqliteTable(
  'holds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** The collection owner's, copied like loans.owner_id so the overview and the job read one index. */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    position: integer('position').notNull(),
    message: text('message'),
    /** The language they joined in (en_US / fr_FR), for the offer email. */
    locale: text('locale'),
    /** SHA-256 (hex) of the offer link's token, drawn anew by each offer; the token is only in the email. */
    offerTokenHash: text('offer_token_hash'),
    offeredAt: text('offered_at'),
    offerExpiresAt: text('offer_expires_at'),
    answeredAt: text('answered_at'),
    /** The borrow request an accepted offer became. */
    loanId: integer('loan_id').references(() => loans.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(sqlNow),
    updatedAt: text('updated_at').notNull().default(sqlNow),
  },
  (t) => [
    index('holds_item_state_position_idx').on(t.itemId, t.state, t.position),
    index('holds_owner_state_idx').on(t.ownerId, t.state),
    index('holds_borrower_idx').on(t.borrowerId),
    // The hourly job walks open offers by their deadline.
    index('holds_state_expires_idx').on(t.state, t.offerExpiresAt),
    uniqueIndex('holds_offer_token_unique').on(t.offerTokenHash),
    // One place per person per item while it is active: a second join is a 409, even when two race.
    uniqueIndex('holds_item_borrower_active_unique')
      .on(t.itemId, t.borrowerId)
      .where(sql`state IN ('waiting', 'offered')`),
  ],
);
