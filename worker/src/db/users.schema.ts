import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // Kept as typed, unique case-insensitively: look it up with lower(username) so the index serves.
    username: text('username').notNull(),
    email: text('email'),
    /** pbkdf2-sha256$<iterations>$<salt b64>$<hash b64> */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    avatar: text('avatar'),
    isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    /** The language of the user's last sign-in (en_US / fr_FR): emails sent to them while away use it. */
    locale: text('locale'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    // Emails are stored lower-cased by validation.
    uniqueIndex('users_email_unique').on(t.email),
  ],
);

/** One row per signed-in device: the token carries its id, so deleting the row revokes the token. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull().default(now),
    expiresAt: text('expires_at').notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Single-use reset links; only a SHA-256 of the token is stored. */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
);

/**
 * Changes of email address waiting for the new address to confirm them by a single-use link; only a
 * SHA-256 of the token is stored.
 */
export const emailChanges = sqliteTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
  },
  (t) => [index('email_changes_user_id_idx').on(t.userId)],
);

/**
 * The clients that signed in to an account before: its addresses (as the rate limits count them) and its
 * devices (a SHA-256 of the device cookie). The right password from one of them is never slowed by the
 * account-wide limit that a crowd of other addresses sets off.
 */
export const knownClients = sqliteTable(
  'known_clients',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `address:<address>` or `device:<sha-256 of the cookie, hex>`. */
    client: text('client').notNull(),
    /** Seconds since the epoch of the last sign-in from it. */
    lastSignIn: integer('last_sign_in').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.client] }), index('known_clients_last_sign_in_idx').on(t.lastSignIn)],
);

/** Fixed-window counters for throttling (sign-in attempts, password checks, reset and email change requests). */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: integer('window_start').notNull(),
});

/** Small named values kept between runs of the daily job (for example where a sweep stopped). */
export const maintenanceState = sqliteTable('maintenance_state', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
