// A password reset's rows: the link's (only its hash), and what a reset changes.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordResets, sessions, users } from '@worker/db/schema';
import { sqlNow, sqlNowPlus } from '@worker/db/now';
import type { Db } from '@worker/env';
import { sha256Hex } from '@worker/lib/tokens';

/** The user a reset token can still reset, if any: unused, unexpired, of an enabled account. */
export async function usableReset(db: Db, token: string) {
  const [reset] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, await sha256Hex(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sqlNow),
        eq(users.enabled, true),
      ),
    )
    .limit(1);
  return reset;
}

/** Keeps a reset link's hash, valid for `seconds` by the database's clock. */
export async function recordResetLink(db: Db, userId: number, token: string, seconds: number): Promise<void> {
  await db.insert(passwordResets).values({ tokenHash: await sha256Hex(token), userId, expiresAt: sqlNowPlus(seconds) });
}

/**
 * The statements of a reset, for the confirmation's one batch: the new password, every outstanding link
 * of the user spent (not only this one), and every session ended.
 */
export function resetPassword(db: Db, userId: number, passwordHash: string) {
  return [
    db.update(users).set({ passwordHash, updatedAt: sqlNow }).where(eq(users.id, userId)),
    db
      .update(passwordResets)
      .set({ usedAt: sqlNow })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt))),
    db.delete(sessions).where(eq(sessions.userId, userId)),
  ] as const;
}
