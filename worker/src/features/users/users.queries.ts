import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import { ownFirstName } from '@shared/admin-name';
import { BUILTIN_ADMIN_USERNAME } from '@shared/constants';
import type { User } from '@shared/schemas/users';
import { collections, emailChanges, users } from '@worker/db/schema';
import type { Db } from '@worker/env';
import { sqlNow } from '@worker/db/now';

export type UserRow = typeof users.$inferSelect;

/** The API's view of a user row: never the password hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: ownFirstName(row),
    lastName: row.lastName,
    avatar: row.avatar,
    isAdmin: row.isAdmin,
    enabled: row.enabled,
    builtinAdmin: row.username === BUILTIN_ADMIN_USERNAME,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Sign-in and reset requests accept a username (any case) or an email address. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${login})`, eq(users.email, login.toLowerCase())))
    .limit(1);
  return row;
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .orderBy(sql`lower(${users.username})`);
}

export async function countCollectionsOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(collections).where(eq(collections.ownerId, userId));
  return row?.n ?? 0;
}

/** Which of username/email already belong to another account. */
export async function findConflicts(
  db: Db,
  values: { username?: string; email?: string | null },
  exceptId?: number,
): Promise<{ username: boolean; email: boolean }> {
  const clauses = [];
  if (values.username) clauses.push(sql`lower(${users.username}) = lower(${values.username})`);
  if (values.email) clauses.push(eq(users.email, values.email));
  if (clauses.length === 0) return { username: false, email: false };
  const rows = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(or(...clauses));
  const others = rows.filter((r) => r.id !== exceptId);
  return {
    username: !!values.username && others.some((r) => r.username.toLowerCase() === values.username!.toLowerCase()),
    email: !!values.email && others.some((r) => r.email === values.email),
  };
}

/** Spends every pending email change of the user (a newer request, a new password, a confirmation). */
export function cancelEmailChanges(db: Db, userId: number) {
  return db
    .update(emailChanges)
    .set({ usedAt: sqlNow })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
}
