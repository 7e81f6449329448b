// The owner's digest choice (PATCH /lending/preferences); its read, with the calendar address, is
// ownerPreferences in lending.queries.ts.
import type { LendingPreferences } from '@shared/schemas/borrower-page';

/** Saves the owner's digest choice (off, daily or weekly). */
export async function saveOwnerDigest(d1: D1Database, userId: number, digest: LendingPreferences['digest']): Promise<void> {
  await d1
    .prepare('INSERT INTO owner_lending_preferences (user_id, digest) VALUES (?1, ?2) ON CONFLICT (user_id) DO UPDATE SET digest = ?2')
    .bind(userId, digest)
    .run();
}
