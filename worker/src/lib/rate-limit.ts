// Throttling stored in D1, one row per key, for rare requests (sign-in, password checks, reset and email
// change requests) where a row write per attempt fits the free tier. An attempt is counted by one
// statement that increments and returns the count BEFORE the work it guards: reading the count first and
// recording the attempt afterwards let concurrent requests all see room left.
import { and, gte, lt, sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema';
import type { Db } from '../env';
import { ApiError } from './api-error';

/** At most `max` attempts per fixed window; past it, refused until the window ends. */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Slows without locking out: `free` attempts per window, then at most one attempt per delay, a delay that
 * doubles with each attempt up to `maxDelaySeconds`.
 */
export interface SoftLimit {
  key: string;
  free: number;
  windowSeconds: number;
  maxDelaySeconds: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Counts one attempt, starting a new window where the old one has ended; returns the row after it. */
export function countAttempt(db: Db, limit: { key: string; windowSeconds: number }) {
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
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
}

function waitFor(limit: Limit, row: { count: number; windowStart: number } | undefined): number {
  if (!row || row.count <= limit.max) return 0;
  return Math.max(1, row.windowStart + limit.windowSeconds - nowSeconds());
}

/** Counts this attempt against every limit at once; throws 429 when any of them is past its maximum. */
export async function throttle(db: Db, limits: Limit[]): Promise<void> {
  if (limits.length === 0) return;
  const [first, ...rest] = limits.map((limit) => countAttempt(db, limit));
  const results = await db.batch([first!, ...rest]);
  const wait = Math.max(...limits.map((limit, i) => waitFor(limit, results[i]![0])));
  if (wait > 0) throw new ApiError('TOO_MANY_REQUESTS', { retryAfter: wait });
}

/** Counts this attempt; past the free ones, lets it through only if the last one let through is old enough. */
export async function slowDown(db: Db, limit: SoftLimit): Promise<void> {
  const [row] = await countAttempt(db, limit);
  const over = (row?.count ?? 0) - limit.free;
  if (over <= 0) return;
  const delay = Math.min(2 ** over, limit.maxDelaySeconds);
  const now = nowSeconds();
  // The turn is taken by one conditional upsert, so concurrent attempts cannot both take it.
  const slotKey = `${limit.key}:turn`;
  const taken = await db
    .insert(rateLimits)
    .values({ key: slotKey, count: 0, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { windowStart: now },
      setWhere: sql`${rateLimits.windowStart} <= ${now - delay}`,
    })
    .returning({ windowStart: rateLimits.windowStart });
  if (taken.length === 0) throw new ApiError('TOO_MANY_REQUESTS', { retryAfter: delay });
}

export function clearAttempts(db: Db, key: string) {
  return db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Every key that starts with `prefix` (served by the primary key's index, unlike LIKE). */
export function clearAttemptsStartingWith(db: Db, prefix: string) {
  const after = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return db.delete(rateLimits).where(and(gte(rateLimits.key, prefix), lt(rateLimits.key, after)));
}

/** Takes back one counted attempt: a success should not bring a shared limit closer. */
export function refundAttempt(db: Db, key: string) {
  return db
    .update(rateLimits)
    .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key}`);
}

/**
 * The client's address as Cloudflare reports it; local runs have none and share one bucket. An IPv6
 * subscriber usually holds a whole /64, so IPv6 addresses count by their /64.
 */
export function clientAddress(headers: Headers): string {
  const ip = headers.get('cf-connecting-ip')?.trim().toLowerCase();
  if (!ip) return 'local';
  return ip.includes(':') ? ipv6Prefix(ip) : ip;
}

function ipv6Prefix(ip: string): string {
  const [head = '', tail] = ip.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  // An IPv4-mapped address (::ffff:192.0.2.1) is an IPv4 client.
  const last = right.at(-1) ?? left.at(-1) ?? '';
  if (last.includes('.')) return last;
  const full = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
