// Changing one's own email address. The new address takes effect only once its inbox confirms a
// single-use link, so a stolen session cannot send password resets to another inbox; asking needs the
// current password (checked by the caller), and the old address is told.
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import { emailChanges, users } from '@worker/db/schema';
import type { Db, Env } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { currentSender } from '@worker/lib/email-transports';
import { throttle } from '@worker/lib/rate-limit';
import { randomToken, sha256Hex } from '@worker/lib/tokens';
import { cancelEmailChanges, findUserById, type UserRow } from '../users/users.queries';
import { assertNoConflicts } from '../users/users.service';
import { sendEmailChangeConfirmation, sendEmailChangeNotice } from './email-change.email';
import { sqlNow, sqlNowPlus } from '@worker/db/now';

const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Each request sends two emails: a session holder should not be able to flood inboxes. */
const REQUESTS_PER_HOUR = 3;

export interface EmailContext {
  env: Env;
  db: Db;
  locale: Locale;
  /** Emails go out after the answer (a failure of the transport is logged, not answered). */
  background: (work: Promise<unknown>) => void;
}

export async function requestEmailChange(ctx: EmailContext, user: UserRow, newEmail: string): Promise<void> {
  const { db } = ctx;
  await assertNoConflicts(db, { email: newEmail }, user.id);
  // The change waits for a link the new inbox opens: without a way to send it, it could never happen.
  if ((await currentSender(ctx.env)).kind === 'none') throw new ApiError('EMAIL_UNAVAILABLE');
  await throttle(db, [{ key: `email-change:user:${user.id}`, max: REQUESTS_PER_HOUR, windowSeconds: 3600 }]);
  const token = randomToken();
  await db.batch([
    cancelEmailChanges(db, user.id),
    db.insert(emailChanges).values({
      tokenHash: await sha256Hex(token),
      userId: user.id,
      newEmail,
      expiresAt: sqlNowPlus(LINK_LIFETIME_MS / 1000),
    }),
  ]);
  ctx.background(sendEmailChangeConfirmation(ctx.env, ctx.locale, user, newEmail, token));
  ctx.background(sendEmailChangeNotice(ctx.env, ctx.locale, user, newEmail));
}

/** Removing the address needs no confirmation (there is no new inbox), only the current password. */
export async function removeEmail(ctx: EmailContext, user: UserRow): Promise<UserRow> {
  const { db } = ctx;
  const [[updated]] = await db.batch([
    db.update(users).set({ email: null, updatedAt: sqlNow }).where(eq(users.id, user.id)).returning(),
    cancelEmailChanges(db, user.id),
  ]);
  ctx.background(sendEmailChangeNotice(ctx.env, ctx.locale, user, null));
  return updated!;
}

export async function pendingEmailOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, sqlNow)))
    .orderBy(desc(emailChanges.expiresAt))
    .limit(1);
  return row?.newEmail ?? null;
}

/** The token is the credential (the link may be opened signed out, on another device). */
export async function confirmEmailChange(db: Db, token: string): Promise<void> {
  // Spent by the same statement that finds it: a link works once even when opened twice at once.
  const [change] = await db
    .update(emailChanges)
    .set({ usedAt: sqlNow })
    .where(and(eq(emailChanges.tokenHash, await sha256Hex(token)), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, sqlNow)))
    .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
  const user = change ? await findUserById(db, change.userId) : undefined;
  if (!change || !user?.enabled) throw new ApiError('EMAIL_CHANGE_TOKEN_INVALID');
  await assertNoConflicts(db, { email: change.newEmail }, user.id);
  await db.batch([
    db.update(users).set({ email: change.newEmail, updatedAt: sqlNow }).where(eq(users.id, user.id)),
    cancelEmailChanges(db, user.id),
  ]);
}
