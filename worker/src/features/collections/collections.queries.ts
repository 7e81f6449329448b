import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Collection } from '../../../../shared/schemas/collections';
import type { VisibilityLevel, BorrowLevel } from '../../../../shared/catalogue';
import { collections, users } from '../../db/schema';
import type { Caller, Db } from '../../env';
import { ApiError } from '../../lib/api-error';
import { callerLevel, isVisible } from '../../lib/visibility';

export type CollectionRow = typeof collections.$inferSelect;

const selection = { collection: collections, ownerName: users.username };

export function toCollection(row: CollectionRow, ownerName: string, caller: Caller | null): Collection {
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
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Collections the caller may browse (or, with `mine`, all of the caller's own, level 4 included). */
export async function listCollections(db: Db, caller: Caller | null, mine: boolean): Promise<Collection[]> {
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
  return rows.map((r) => toCollection(r.collection, r.ownerName, caller));
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
