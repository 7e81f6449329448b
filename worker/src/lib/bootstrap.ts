// First start: the built-in administrator (and, in demo mode, the demo account) are created from the
// configuration. Checked once per database binding per isolate, so it costs one query per cold start.
import { sql } from 'drizzle-orm';
import { BUILTIN_ADMIN_USERNAME, DEMO_CREDENTIALS } from '../../../shared/constants';
import { users } from '../db/schema';
import type { Db, Env } from '../env';
import { hashPassword } from './password';

/** Per database binding: whether the demo account was checked too. */
const ready = new WeakMap<D1Database, { demo: boolean }>();

export async function ensureBuiltinAccounts(env: Env, db: Db): Promise<void> {
  const demo = env.DEMO_MODE === 'true';
  const checked = ready.get(env.DB);
  if (checked && (checked.demo || !demo)) return;
  const existing = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) in (${BUILTIN_ADMIN_USERNAME}, ${DEMO_CREDENTIALS.username})`);
  const has = (name: string) => existing.some((u) => u.username.toLowerCase() === name);

  if (!has(BUILTIN_ADMIN_USERNAME)) {
    if (!env.ADMIN_PASSWORD) {
      // No well-known default password on a deployed instance: the operator sets the secret.
      console.error('built-in admin not created: set the ADMIN_PASSWORD secret');
    } else {
      await db
        .insert(users)
        .values({
          username: BUILTIN_ADMIN_USERNAME,
          passwordHash: await hashPassword(env.ADMIN_PASSWORD),
          isAdmin: true,
          firstName: 'Administrator',
        })
        .onConflictDoNothing();
    }
  }
  if (demo && !has(DEMO_CREDENTIALS.username)) {
    await db
      .insert(users)
      .values({ username: DEMO_CREDENTIALS.username, passwordHash: await hashPassword(DEMO_CREDENTIALS.password) })
      .onConflictDoNothing();
  }
  if (has(BUILTIN_ADMIN_USERNAME) || env.ADMIN_PASSWORD) ready.set(env.DB, { demo });
}
