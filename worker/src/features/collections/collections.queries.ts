import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Collection } from '@shared/schemas/collections';
import type { CollectionVisibilityLevel, BorrowLevel, CollectionRole } from '@shared/catalogue';
import { collectionMembers, collections, users } from '@worker/db/schema';
import type { Caller, Db } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { callerLevel, collectionVisible, hasRole } from '@worker/lib/visibility';

export type CollectionRow = typeof collections.$inferSelect;

const selection = { collection: collections, ownerName: users.username };

/** Items the collection cards look through for covers: enough to find four, never the whole collection. */
const COVER_SCAN_ITEMS = 40;
/** Covers a card shows as a mosaic when the collection has no picture of its own. */
export const CARD_COVERS = 4;
/** Covers the banner of a collection's own page shows when the collection has no picture. */
export const BANNER_COVERS = 8;

/** The caller's role in a collection they own, or the one a member row gives them. */
export function roleOf(
  row: Pick<CollectionRow, 'ownerId'>,
  caller: Caller | null,
  memberRole: CollectionRole | null | undefined,
): CollectionRole | null {
  if (!caller) return null;
  return row.ownerId === caller.id ? 'owner' : (memberRole ?? null);
}

export function toCollection(
  row: CollectionRow,
  ownerName: string,
  caller: Caller | null,
  role: CollectionRole | null,
  covers: string[] = [],
  pendingRequests = 0,
): Collection {
  const level = callerLevel(caller, role);
  return {
    id: row.id,
    ownerId: row.ownerId,
    ownerName,
    type: row.type,
    name: row.name,
    description: row.description,
    image: row.image,
    tags: JSON.parse(row.tags) as string[],
    visibility: row.visibility as CollectionVisibilityLevel,
    borrowable: row.borrowable as BorrowLevel,
    loanPeriodDays: row.loanPeriodDays,
    reminderDays: row.reminderDays,
    offerDays: row.offerDays,
    itemCount: [row.countEveryone, row.countLoggedIn, row.countShared, row.countOwner][level]!,
    isOwner: role === 'owner',
    role,
    covers,
    pendingRequests: role === 'owner' ? pendingRequests : 0,
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
         SELECT c.id, CASE WHEN c.owner_id = ?1 OR EXISTS (SELECT 1 FROM collection_members m
             WHERE m.collection_id = c.id AND m.user_id = ?1 AND m.role IN ('editor', 'co_owner')) THEN 3
           WHEN ?1 IS NOT NULL THEN 1 ELSE 0 END AS level
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
      // Level 2 "Shared users", and any lower level, to the people it is shared with.
      and(sql`${collectionMembers.userId} IS NOT NULL`, sql`${collections.visibility} <= 2`),
    );
  const rows = await db
    .select({ ...selection, memberRole: collectionMembers.role })
    .from(collections)
    .innerJoin(users, eq(users.id, collections.ownerId))
    .leftJoin(collectionMembers, and(eq(collectionMembers.collectionId, collections.id), eq(collectionMembers.userId, caller?.id ?? 0)))
    .where(where)
    .orderBy(sql`lower(${collections.name})`, collections.id);
  // Covers only for the cards that have no picture of their own.
  const [covers, asked] = await Promise.all([
    firstCovers(
      d1,
      caller,
      rows.filter((r) => !r.collection.image).map((r) => r.collection.id),
    ),
    caller ? askedByCollection(d1, caller.id) : new Map<number, number>(),
  ]);
  return rows.map((r) =>
    toCollection(
      r.collection,
      r.ownerName,
      caller,
      roleOf(r.collection, caller, r.memberRole),
      covers.get(r.collection.id),
      asked.get(r.collection.id),
    ),
  );
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

/** A collection, its owner's name and the caller's role in it: one statement (the member row by its unique index). */
export async function findCollection(db: Db, id: number, caller: Caller | null = null) {
  const [row] = await db
    .select({ ...selection, memberRole: collectionMembers.role })
    .from(collections)
    .innerJoin(users, eq(users.id, collections.ownerId))
    .leftJoin(collectionMembers, and(eq(collectionMembers.collectionId, collections.id), eq(collectionMembers.userId, caller?.id ?? 0)))
    .where(eq(collections.id, id))
    .limit(1);
  if (!row) return undefined;
  return { collection: row.collection, ownerName: row.ownerName, role: roleOf(row.collection, caller, row.memberRole) };
}

/**
 * A collection the caller may look at: visible by level, or owned (owners reach their level-4
 * collections from their own list and the manage screens). Anything else is a 404.
 */
export async function requireVisibleCollection(db: Db, caller: Caller | null, id: number) {
  const found = await findCollection(db, id, caller);
  if (!found || !collectionVisible(found.collection.visibility, caller, found.role)) throw new ApiError('NOT_FOUND');
  return { ...found, level: callerLevel(caller, found.role) };
}

/**
 * For changes: the owner, or a member with at least this role (editors add, edit and lend items;
 * co-owners also change the collection, its properties and its sharing). Others get 403 when they can
 * see it, 404 otherwise.
 */
export async function requireCollectionRole(db: Db, caller: Caller, id: number, least: CollectionRole) {
  const found = await requireVisibleCollection(db, caller, id);
  if (!hasRole(found.role, least)) throw new ApiError('FORBIDDEN');
  return found;
}

/** For what only the owner does: deleting the collection, and what belongs to the owner's account. */
export async function requireOwnedCollection(db: Db, caller: Caller, id: number) {
  return requireCollectionRole(db, caller, id, 'owner');
}
