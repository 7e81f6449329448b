import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { items } from './collections.schema';
import { sqlNow } from './now';
import { users } from './users.schema';

/**
 * The people a user lends to (docs/product.md §3 "Borrower"). Each user has their own: the same friend lent to by
 * two users is two rows. A borrow request finds its borrower by email among the item owner's
 * borrowers (emails are stored lower-cased, unique per owner) or creates one. A borrower the owner
 * records, typed in or imported, needs only a name: without an email, nothing is ever sent to them.
 */
export const borrowers = sqliteTable(
  'borrowers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Null for a borrower the owner recorded without one (SQLite's unique index lets many NULLs be). */
    email: text('email'),
    phone: text('phone'),
    notes: text('notes'),
    /** The language of the borrower's last request (en_US / fr_FR): their emails are written in it. */
    locale: text('locale'),
    /** Bumped by every edit; a write that names an older version is refused. */
    version: integer('version').notNull().default(1),
    createdAt: text('created_at').notNull().default(sqlNow),
    updatedAt: text('updated_at').notNull().default(sqlNow),
  },
  (t) => [
    uniqueIndex('borrowers_owner_email_unique').on(t.ownerId, t.email),
    index('borrowers_owner_name_idx').on(t.ownerId, sql`lower(${t.name})`),
  ],
);

/**
 * A loan of one copy of an item (docs/product.md §3 "Loan"), from request to return. States (docs/product.md "Loans"):
 * asked → accepted | rejected; accepted → lent | rejected; lent → returned; an owner may also record a
 * loan directly as lent. Each transition stamps its date. Copies available = quantity − loans lent,
 * decided in SQL by the statement that lends.
 *
 * `owner_id` is the item's owner, copied so the lending overview and the reminders read one index
 * instead of joining through items and collections. Deleting the item, its collection, the owner or
 * the borrower deletes the loan.
 */
export const loans = sqliteTable(
  'loans',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    /** asked, rejected, accepted, lent, returned (shared/schemas/lending.ts LOAN_STATES). */
    state: text('state').notNull(),
    /** The requester's message with a borrow request. */
    message: text('message'),
    /** The owner's private notes. */
    notes: text('notes'),
    /** The owner's optional message when rejecting, sent to the requester. */
    response: text('response'),
    /** Dates (YYYY-MM-DD) the requester would like the item for. */
    wantedFrom: text('wanted_from'),
    wantedUntil: text('wanted_until'),
    /**
     * A reservation (shared/lending.ts): the days (YYYY-MM-DD, both ends included) a dated request books
     * once accepted. Both or neither; unlike the wanted dates, accepting checks a copy is free each day.
     */
    reservedFrom: text('reserved_from'),
    reservedTo: text('reserved_to'),
    /** Dates (YYYY-MM-DD): lent on, due back, returned on. */
    lentOn: text('lent_on'),
    dueOn: text('due_on'),
    returnedOn: text('returned_on'),
    /** Timestamps of the transitions (the database's clock). */
    askedAt: text('asked_at'),
    acceptedAt: text('accepted_at'),
    rejectedAt: text('rejected_at'),
    lentAt: text('lent_at'),
    returnedAt: text('returned_at'),
    /** The requester's language (en_US / fr_FR), for the emails about this loan. */
    locale: text('locale'),
    /** SHA-256 (hex) of the requester's private status link token; the token itself is never stored. */
    statusTokenHash: text('status_token_hash'),
    /** Reminders sent by the scheduled run, so nobody gets the same one twice. */
    remindedOn: text('reminded_on'),
    overdueNotices: integer('overdue_notices').notNull().default(0),
    lastOverdueNoticeOn: text('last_overdue_notice_on'),
    /** When the owner's daily digest named this loan as overdue. */
    ownerNotifiedOverdueOn: text('owner_notified_overdue_on'),
    /** A renewal the borrower asked for from their page (shared/lending.ts RENEWAL_STATES): asked, then cleared by the owner's answer. */
    renewalState: text('renewal_state'),
    /** The due date the renewal would give: the current one plus the collection's loan period. */
    renewalDueOn: text('renewal_due_on'),
    version: integer('version').notNull().default(1),
    createdAt: text('created_at').notNull().default(sqlNow),
    updatedAt: text('updated_at').notNull().default(sqlNow),
  },
  (t) => [
    index('loans_item_state_idx').on(t.itemId, t.state),
    index('loans_owner_state_due_idx').on(t.ownerId, t.state, t.dueOn),
    index('loans_borrower_idx').on(t.borrowerId),
    // The scheduled reminders walk lent loans by due date.
    index('loans_state_due_idx').on(t.state, t.dueOn, t.id),
    uniqueIndex('loans_status_token_unique').on(t.statusTokenHash),
    // The availability calendar and the accept check read an item's reservations by their dates.
    index('loans_item_reserved_idx').on(t.itemId, t.reservedFrom),
  ],
);
