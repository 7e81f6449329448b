// A session's row: opened by a sign-in, closed by a sign-out.
import { and, eq } from 'drizzle-orm';
import { sessions, users } from '@worker/db/schema';
import { sqlNowPlus } from '@worker/db/now';
import type { Db } from '@worker/env';
import { SESSION_DAYS } from '@worker/lib/tokens';

/**
 * The statements that open a session, for the sign-in's one batch: the row (its expiry, which is what
 * counts, set by the database's clock) and the language the user's later emails are written in.
 */
export function openSession(db: Db, session: { id: string; userId: number; locale: string }) {
  return [
    db.insert(sessions).values({ id: session.id, userId: session.userId, expiresAt: sqlNowPlus(SESSION_DAYS * 86_400) }),
    db.update(users).set({ locale: session.locale }).where(eq(users.id, session.userId)),
  ] as const;
}

/** Ends one session of the user's: a sign-out. */
export async function closeSession(db: Db, sessionId: string, userId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
}
