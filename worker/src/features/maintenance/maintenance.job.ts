// Daily clean-up (cron): expired sessions, spent or expired reset and email change links and finished
// rate-limit windows would otherwise grow forever. One atomic batch.
import { drizzle } from 'drizzle-orm/d1';
import { isNotNull, lt, or } from 'drizzle-orm';
import * as schema from '../../db/schema';
import { emailChanges, passwordResets, rateLimits, sessions } from '../../db/schema';
import type { Env } from '../../env';

/** The longest rate-limit window in use (password reset requests: one hour). */
const LONGEST_WINDOW_SECONDS = 3600;

export async function purgeExpired(env: Env, now = new Date()): Promise<{ rowsWritten: number }> {
  const db = drizzle(env.DB, { schema });
  const iso = now.toISOString();
  const results = await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, iso)),
    db.delete(passwordResets).where(or(lt(passwordResets.expiresAt, iso), isNotNull(passwordResets.usedAt))),
    db.delete(emailChanges).where(or(lt(emailChanges.expiresAt, iso), isNotNull(emailChanges.usedAt))),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, Math.floor(now.getTime() / 1000) - LONGEST_WINDOW_SECONDS)),
  ]);
  return { rowsWritten: results.reduce((sum, r) => sum + (r.meta?.rows_written ?? 0), 0) };
}
