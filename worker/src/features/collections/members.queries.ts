// The people a collection is shared with: read, add, change and remove member rows (docs/product.md).
import { and, eq, or, sql } from 'drizzle-orm';
import type { MemberRole } from '@shared/catalogue';
import type { Member } from '@shared/schemas/members';
import { collectionMembers, users } from '@worker/db/schema';
import type { Db } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';

const memberSelection = {
  userId: collectionMembers.userId,
  username: users.username,
  role: collectionMembers.role,
  addedAt: collectionMembers.addedAt,
};

export async function listMembers(db: Db, collectionId: number): Promise<Member[]> {
  return db
    .select(memberSelection)
    .from(collectionMembers)
    .innerJoin(users, eq(users.id, collectionMembers.userId))
    .where(eq(collectionMembers.collectionId, collectionId))
    .orderBy(sql`lower(${users.username})`);
}

export async function findMember(db: Db, collectionId: number, userId: number): Promise<Member | undefined> {
  const [row] = await db
    .select(memberSelection)
    .from(collectionMembers)
    .innerJoin(users, eq(users.id, collectionMembers.userId))
    .where(and(eq(collectionMembers.collectionId, collectionId), eq(collectionMembers.userId, userId)))
    .limit(1);
  return row;
}

/** An account by username (any case, as sign-in finds it) or email address. */
export async function findUserByLogin(db: Db, login: string): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${login})`, eq(users.email, login.toLowerCase())))
    .limit(1);
  return row;
}

/** Adds the row; the unique pair refuses a second one, so two requests at once cannot both add it. */
export async function insertMember(db: Db, collectionId: number, userId: number, role: MemberRole): Promise<void> {
  const inserted = await db
    .insert(collectionMembers)
    .values({ collectionId, userId, role })
    .onConflictDoNothing()
    .returning({ userId: collectionMembers.userId });
  if (inserted.length === 0) throw new ApiError('ALREADY_MEMBER');
}

export async function updateMemberRole(db: Db, collectionId: number, userId: number, role: MemberRole): Promise<void> {
  const updated = await db
    .update(collectionMembers)
    .set({ role })
    .where(and(eq(collectionMembers.collectionId, collectionId), eq(collectionMembers.userId, userId)))
    .returning({ userId: collectionMembers.userId });
  if (updated.length === 0) throw new ApiError('NOT_FOUND');
}

export async function deleteMember(db: Db, collectionId: number, userId: number): Promise<void> {
  const deleted = await db
    .delete(collectionMembers)
    .where(and(eq(collectionMembers.collectionId, collectionId), eq(collectionMembers.userId, userId)))
    .returning({ userId: collectionMembers.userId });
  if (deleted.length === 0) throw new ApiError('NOT_FOUND');
}
