// Account changes that span several tables or bindings: conflicts, password hashing, deletion with
// its cascade, avatars in R2.
import { and, eq, ne } from 'drizzle-orm';
import { AVATAR_KEY_PREFIX, AVATAR_MAX_BYTES } from '@shared/constants';
import { sqlNow } from '@worker/db/now';
import { collections, sessions, users } from '@worker/db/schema';
import { deleteCollectionMedia } from '../collections/collections.service';
import type { Db, Env } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { mediaKeyOf, readImageFile, toMediaValue } from '@worker/lib/media';
import { hashPassword } from '@worker/lib/password';
import { cancelEmailChanges, findConflicts, findUserById, type UserRow } from './users.queries';

export async function assertNoConflicts(db: Db, values: { username?: string; email?: string | null }, exceptId?: number): Promise<void> {
  const conflicts = await findConflicts(db, values, exceptId);
  if (conflicts.username) throw new ApiError('USERNAME_TAKEN');
  if (conflicts.email) throw new ApiError('EMAIL_TAKEN');
}

/** Creates an account with a password (hashed here); the names and email it was given, or none. */
export async function insertUser(
  db: Db,
  input: {
    username: string;
    password: string;
    email?: string | null;
    firstName?: string | null;
    lastName?: string | null;
    isAdmin: boolean;
    enabled: boolean;
  },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      username: input.username,
      passwordHash: await hashPassword(input.password),
      email: input.email ?? null,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      isAdmin: input.isAdmin,
      enabled: input.enabled,
    })
    .returning();
  return row!;
}

export async function requireUserRow(db: Db, id: number): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

/**
 * Applies an update. A new password or disabling the account revokes the user's sessions, except
 * `keepSessionId` (the caller's own, when users change their own password), and cancels pending email
 * changes (whoever asked for one knew the old password).
 */
export async function updateUserRow(
  db: Db,
  row: UserRow,
  input: {
    username?: string;
    password?: string;
    email?: string | null;
    firstName?: string | null;
    lastName?: string | null;
    isAdmin?: boolean;
    enabled?: boolean;
  },
  keepSessionId?: string,
): Promise<UserRow> {
  await assertNoConflicts(db, { username: input.username, email: input.email }, row.id);
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.username !== undefined) changes.username = input.username;
  if (input.email !== undefined) changes.email = input.email;
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.isAdmin !== undefined) changes.isAdmin = input.isAdmin;
  if (input.enabled !== undefined) changes.enabled = input.enabled;
  if (input.password) changes.passwordHash = await hashPassword(input.password);

  const update = db
    .update(users)
    .set({ ...changes, updatedAt: sqlNow })
    .where(eq(users.id, row.id))
    .returning();
  const revokeSessions = !!input.password || input.enabled === false;
  if (!revokeSessions) {
    const [updated] = await update;
    return updated!;
  }
  const revoke = db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, row.id), ne(sessions.id, keepSessionId)) : eq(sessions.userId, row.id));
  const [[updated]] = await db.batch([update, revoke, cancelEmailChanges(db, row.id)]);
  return updated!;
}

/** Replaces the avatar of a user: the new object is written before the old one is removed. */
export async function replaceAvatar(
  env: Env,
  db: Db,
  row: UserRow,
  upload: { contentType: string | undefined; file: unknown },
): Promise<UserRow> {
  const image = await readImageFile(upload.contentType, upload.file, AVATAR_MAX_BYTES);
  const key = `${AVATAR_KEY_PREFIX}${row.id}/${crypto.randomUUID()}.${image.ext}`;
  await env.MEDIA.put(key, image.bytes, { httpMetadata: { contentType: image.type } });
  const [updated] = await db
    .update(users)
    .set({ avatar: toMediaValue(key), updatedAt: sqlNow })
    .where(eq(users.id, row.id))
    .returning();
  await removeMedia(env, row.avatar);
  return updated!;
}

export async function clearAvatar(env: Env, db: Db, row: UserRow): Promise<UserRow> {
  const [updated] = await db.update(users).set({ avatar: null, updatedAt: sqlNow }).where(eq(users.id, row.id)).returning();
  await removeMedia(env, row.avatar);
  return updated!;
}

async function removeMedia(env: Env, value: string | null): Promise<void> {
  const key = mediaKeyOf(value);
  if (key) await env.MEDIA.delete(key);
}

/**
 * Deletes a user. Sessions, reset links and collections (with everything the catalogue hangs under
 * them) go with it through ON DELETE CASCADE foreign keys, in the same statement, so it is all or nothing.
 */
export async function deleteUser(env: Env, db: Db, row: UserRow): Promise<void> {
  const owned = await db.select({ id: collections.id }).from(collections).where(eq(collections.ownerId, row.id));
  await db.delete(users).where(eq(users.id, row.id));
  await removeMedia(env, row.avatar);
  for (const { id } of owned) await deleteCollectionMedia(env, id);
}
