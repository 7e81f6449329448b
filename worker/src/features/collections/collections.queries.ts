import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Collection } from '../../../../shared/schemas/collections';
import type { VisibilityLevel, BorrowLevel } from '../../../../shared/catalogue';
import { collections, users } from '../../db/schema';
import type { Caller, Db } from '../../env';
import { ApiError } from '../../lib/api-error';
import { callerLevel, isVisible } from '../../lib/visibility';

export type CollectionRow = typeof collections.$inferSelect;

const selection = { collection: collections, ownerName: users.username };

/** Items the collection cards look through for covers: enough to find four, never the whole collection. */
const COVER_SCAN_ITEMS = 40;
/** Covers a card shows as a mosaic when the collection has no picture of its own. */
export const CARD_COVERS = 4;
/** Covers the banner of a collection's own page shows when the collection has no picture. */
export const BANNER_COVERS = 8;

export function toCollection(row: CollectionRow, ownerName: string, caller: Caller | null, covers: string[] = [], pendingRequests = 0): Collection {
  const level = callerLevel(caller, row.ownerId);
  return {
    id: row.id,
    ownerId: row.ownerId,
    ownerName,
    type: row.type,
    name: row.name,
    description: row.description,
    image: row.image,
    tags: JSON.parse(row.tags) as string[],
    visibility: row.visibility as VisibilityLevel,
    borrowable: row.borrowable as BorrowLevel,
    loanPeriodDays: row.loanPeriodDays,
    reminderDays: row.reminderDays,
    itemCount: level === 3 ? row.countOwner : level === 1 ? row.countLoggedIn : row.countEveryone,
    isOwner: level === 3,
    covers,
    pendingRequests: level === 3 ? pendingRequests : 0,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Collections the caller may browse (or, with `mine`, all of the caller's own, level 4 included). */
/**
 * The first covers of each listed collection's items, for the cards of collections without a picture:
 * one statement for the whole list. Per collection it reads the first items the caller may see (by the
 * creation-date index, at most COVER_SCAN_ITEMS of them) and keeps up to CARD_COVERS cover values, so
 * its cost follows the number of collections, not their size. Items and cover properties are filtered
 * by the caller's level there exactly as on the collection page (level 4 "Nobody" never shows).
 */
async function firstCovers(d1: D1Database, caller: Caller | null, ids: number[], limit = CARD_COVERS): Promise<Map<number, string[]>> {
  const covers = new Map<number, string[]>();
  if (ids.length === 0) return covers;
  const { results } = await d1
    .prepare(
      `WITH listed AS (
         SELECT c.id, CASE WHEN c.owner_id = ?1 THEN 3 WHEN ?1 IS NOT NULL THEN 1 ELSE 0 END AS level
         FROM collections c WHERE c.id IN (SELECT value FROM json_each(?2))
       )
       SELECT l.id AS collection_id,
         (SELECT json_group_array(cover) FROM (
            SELECT CASE WHEN json_type(i.data, '$."' || p.id || '"') = 'array'
                        THEN json_extract(i.data, '$."' || p.id || '"[0]')
                        ELSE json_extract(i.data, '$."' || p.id || '"') END AS cover
            FROM (SELECT data FROM items
                  WHERE collection_id = l.id AND level <= l.level
                  ORDER BY created_at, id LIMIT ${COVER_SCAN_ITEMS}) AS i
            WHERE cover IS NOT NULL AND cover <> ''
            LIMIT ${limit})) AS covers
       FROM listed l JOIN properties p ON p.collection_id = l.id AND p.is_cover = 1 AND p.visibility <= l.level`,
    )
    .bind(caller?.id ?? null, JSON.stringify(ids))
    .all<{ collection_id: number; covers: string }>();
  for (const row of results) {
    const values = (JSON.parse(row.covers) as unknown[]).filter((v): v is string => typeof v === 'string');
    if (values.length > 0) covers.set(row.collection_id, values);
  }
  return covers;
}

export async function listCollections(db: Db, d1: D1Database, caller: Caller | null, mine: boolean): Promise<Collection[]> {
  let where: SQL | undefined;
  if (!caller) where = eq(collections.visibility, 0);
  else if (mine) where = eq(collections.ownerId, caller.id);
  else
    where = or(
      and(eq(collections.ownerId, caller.id), sql`${collections.visibility} <= 3`),
      and(sql`${collections.ownerId} <> ${caller.id}`, sql`${collections.visibility} <= 1`),
    );
  const rows = await db
    .select(selection)
    .from(collections)
    .innerJoin(users, eq(users.id, collections.ownerId))
    .where(where)
    .orderBy(sql`lower(${collections.name})`, collections.id);
  // Covers only for the cards that have no picture of their own.
  const [covers, asked] = await Promise.all([
    firstCovers(d1, caller, rows.filter((r) => !r.collection.image).map((r) => r.collection.id)),
    caller ? askedByCollection(d1, caller.id) : new Map<number, number>(),
  ]);
  return rows.map((r) => toCollection(r.collection, r.ownerName, caller, covers.get(r.collection.id), asked.get(r.collection.id)));
}

/** The covers of a collection's page banner: its first covers the caller may see, none when it has a picture. */
export async function bannerCovers(d1: D1Database, caller: Caller | null, row: CollectionRow): Promise<string[]> {
  if (row.image) return [];
  return (await firstCovers(d1, caller, [row.id], BANNER_COVERS)).get(row.id) ?? [];
}

/**
 * The owner's loan requests waiting for an answer, by collection, for the cards' badges: one statement
 * over the owner's asked loans (loans_owner_state_due_idx), whatever the collections' sizes.
 */
async function askedByCollection(d1: D1Database, ownerId: number): Promise<Map<number, number>> {
  const { results } = await d1
    .prepare(
      `SELECT i.collection_id, count(*) AS n FROM loans l JOIN items i ON i.id = l.item_id
       WHERE l.owner_id = ?1 AND l.state = 'asked' GROUP BY i.collection_id`,
    )
    .bind(ownerId)
    .all<{ collection_id: number; n: number }>();
  return new Map(results.map((row) => [row.collection_id, row.n]));
}

export async function findCollection(db: Db, id: number) {
  const [row] = await db
    .select(selection)
    .from(collections)
    .innerJoin(users, eq(users.id, collections.ownerId))
    .where(eq(collections.id, id))
    .limit(1);
  return row;
}

/**
 * A collection the caller may look at: visible by level, or owned (owners reach their level-4
 * collections from their own list and the manage screens). Anything else is a 404.
 */
export async function requireVisibleCollection(db: Db, caller: Caller | null, id: number) {
  const found = await findCollection(db, id);
  if (!found) throw new ApiError('NOT_FOUND');
  const level = callerLevel(caller, found.collection.ownerId);
  if (level !== 3 && !isVisible(found.collection.visibility, level)) throw new ApiError('NOT_FOUND');
  return { ...found, level };
}

/** For changes: the owner only. Others get 403 when they can see it, 404 otherwise. */
export async function requireOwnedCollection(db: Db, caller: Caller, id: number) {
  const found = await requireVisibleCollection(db, caller, id);
  if (found.level !== 3) throw new ApiError('FORBIDDEN');
  return found;
}
