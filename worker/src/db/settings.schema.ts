import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { sqlNow } from './now';

/**
 * Instance-wide settings changed from Configuration, one row per key with its value as JSON. Keys
 * without a row take their default from shared/schemas/settings.ts, so adding a setting needs no
 * migration.
 */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: text('updated_at').notNull().default(sqlNow),
});

/**
 * Custom configuration keys (docs/product.md §2, Configuration): entries the administrator adds, edits and
 * deletes, for modules to read by name (features/settings/config-keys.queries.ts, configValue()).
 */
export const configKeys = sqliteTable('config_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: text('updated_at').notNull().default(sqlNow),
});
