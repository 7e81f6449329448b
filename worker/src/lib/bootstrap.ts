// First start: the built-in administrator (and, in demo mode, the demo account) are created from the
// configuration. Outside demo mode the demo account, whose password is public, is disabled and its sessions
// revoked. Checked once per database binding per isolate and mode, so it costs a query per cold start.
import { and, eq, sql } from 'drizzle-orm';
import { BUILTIN_ADMIN_USERNAME, DEMO_CREDENTIALS } from '@shared/constants';
import { sessions, users } from '../db/schema';
import type { Db, Env } from '../env';
import { hashPassword, verifyPassword } from './password';
import { perDatabase } from './per-database';

/** Per database binding: the demo mode it was last checked under. */
const checkedUnder = perDatabase<boolean>();

type Account = { id: number; username: string; enabled: boolean; passwordHash: string };

export async function ensureBuiltinAccounts(env: Env, db: Db): Promise<void> {
  const demo = env.DEMO_MODE === 'true';
  if (checkedUnder.get(env.DB) === demo) return;
  const existing: Account[] = await db
    .select({ id: users.id, username: users.username, enabled: users.enabled, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.username}) in (${BUILTIN_ADMIN_USERNAME}, ${DEMO_CREDENTIALS.username})`);
  const find = (name: string) => existing.find((u) => u.username.toLowerCase() === name);
  const admin = find(BUILTIN_ADMIN_USERNAME);
  const demoAccount = find(DEMO_CREDENTIALS.username);

  if (!admin) await createAdmin(env, db);
  if (demo) await openDemoAccount(db, demoAccount);
  else if (demoAccount?.enabled) await retireDemoAccount(db, demoAccount);
  if (admin || env.ADMIN_PASSWORD) checkedUnder.set(env.DB, demo);
}

async function createAdmin(env: Env, db: Db): Promise<void> {
  if (!env.ADMIN_PASSWORD) {
    // No well-known default password on a deployed instance: the operator sets the secret.
    console.error('built-in admin not created: set the ADMIN_PASSWORD secret');
    return;
  }
  await db
    .insert(users)
    .values({
      username: BUILTIN_ADMIN_USERNAME,
      passwordHash: await hashPassword(env.ADMIN_PASSWORD),
      // No name: it is shown as "Administrator" in each reader's language (shared/admin-name.ts).
      isAdmin: true,
    })
    .onConflictDoNothing();
}

async function openDemoAccount(db: Db, account: Account | undefined): Promise<void> {
  if (!account) {
    await db
      .insert(users)
      .values({ username: DEMO_CREDENTIALS.username, passwordHash: await hashPassword(DEMO_CREDENTIALS.password) })
      .onConflictDoNothing();
  } else if (!account.enabled) {
    // Disabled when the instance last ran outside demo mode.
    await db.update(users).set({ enabled: true }).where(eq(users.id, account.id));
  }
}

/**
 * The instance ran in demo mode before: its demo account would let anyone in, now with write access.
 * Real passwords are at least 8 characters, so an account named demo whose password is "demo" is that
 * account and not a user's. The hash is checked once: the account stays disabled afterwards.
 */
async function retireDemoAccount(db: Db, account: Account): Promise<void> {
  if (!(await verifyPassword(DEMO_CREDENTIALS.password, account.passwordHash))) return;
  await db.batch([
    db
      .update(users)
      .set({ enabled: false })
      .where(and(eq(users.id, account.id), eq(users.enabled, true))),
    db.delete(sessions).where(eq(sessions.userId, account.id)),
  ]);
}
