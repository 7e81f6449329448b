// Fixed-window throttling stored in D1 (one row per key). Used for sign-in failures and reset requests,
// which are rare enough that a row write per attempt fits the free tier.
import { sql } from 'drizzle-orm';
import { inArray } from 'drizzle-orm';
import { rateLimits } from '../db/schema';
import type { Db } from '../env';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Seconds until the first exhausted limit frees up, or 0 when every limit still has room. */
export async function retryAfter(db: Db, limits: Limit[]): Promise<number> {
  const rows = await db
    .select()
    .from(rateLimits)
    .where(
      inArray(
        rateLimits.key,
        limits.map((l) => l.key),
      ),
    );
  const now = nowSeconds();
  let wait = 0;
  for (const limit of limits) {
    const row = rows.find((r) => r.key === limit.key);
    if (!row) continue;
    const windowEnd = row.windowStart + limit.windowSeconds;
    if (windowEnd > now && row.count >= limit.max) wait = Math.max(wait, windowEnd - now);
  }
  return wait;
}

/** Counts one attempt against each limit, starting a new window where the old one has ended. */
export function recordAttempt(db: Db, limit: Limit) {
  const now = nowSeconds();
  const expired = now - limit.windowSeconds;
  return db
    .insert(rateLimits)
    .values({ key: limit.key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${now} ELSE ${rateLimits.windowStart} END`,
      },
    });
}

export function clearAttempts(db: Db, key: string) {
  return db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** The client's address as Cloudflare reports it; local runs have none and share one bucket. */
export function clientAddress(headers: Headers): string {
  return headers.get('cf-connecting-ip') ?? 'local';
}
