import { sql } from 'drizzle-orm';

/**
 * The database's clock, for timestamps written next to column defaults. Workers' Date.now() only
 * advances between I/O, so JavaScript time could order writes wrongly against defaults.
 */
export const sqlNow = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
