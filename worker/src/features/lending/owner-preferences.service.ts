// The owner's calendar address and digest choice: shown with their loans (GET /lending), and answered
// again when they change the digest (PATCH /lending/preferences).
import type { LendingPreferences } from '@shared/schemas/borrower-page';
import type { Env } from '@worker/env';
import { ownerFeedSecret } from './borrower-links.service';
import { feedUrl } from './borrower-page.service';

export async function ownerPreferences(env: Pick<Env, 'APP_SECRET' | 'APP_URL' | 'DB'>, userId: number): Promise<LendingPreferences> {
  const [secret, row] = await Promise.all([
    ownerFeedSecret(env, userId),
    env.DB.prepare('SELECT digest FROM owner_lending_preferences WHERE user_id = ?')
      .bind(userId)
      .first<Pick<LendingPreferences, 'digest'>>(),
  ]);
  return { feedUrl: secret ? await feedUrl(env, secret) : null, digest: row?.digest ?? 'off' };
}

/** Saves the owner's digest choice (off, daily or weekly). */
export async function saveOwnerDigest(d1: D1Database, userId: number, digest: LendingPreferences['digest']): Promise<void> {
  await d1
    .prepare('INSERT INTO owner_lending_preferences (user_id, digest) VALUES (?1, ?2) ON CONFLICT (user_id) DO UPDATE SET digest = ?2')
    .bind(userId, digest)
    .run();
}
