import { sql } from 'drizzle-orm';

/**
 * The database's clock: the one clock for stored timestamps. Columns default to it, writes stamp it,
 * and comparisons with stored times (session expiry, purges) use it in SQL or through the scheduled
 * jobs' `now`, which is read from it. Workers' Date.now() only advances between I/O and runs on
 * another machine than D1, so JavaScript time could order writes wrongly against defaults or judge a
 * row expired that the database does not. (Signed tokens' own expiry is set and checked by the Worker
 * alone and never compared with rows, so it stays on JavaScript's clock.)
 */
/** The same clock as SQL text, for statements written by hand (prepared D1 statements). */
export const NOW_SQL = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

export const sqlNow = sql.raw(`(${NOW_SQL})`);

/** The database's time some seconds from now: expiry of sessions and links, by the same clock. */
export function sqlNowPlus(seconds: number) {
  if (!Number.isSafeInteger(seconds)) throw new Error(`not a whole number of seconds: ${seconds}`);
  return sql.raw(`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '${seconds >= 0 ? '+' : ''}${seconds} seconds'))`);
}
