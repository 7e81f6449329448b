// The owner's choice of loan digest (daily, weekly, off), read with their lending preferences.

export type DigestChoice = 'off' | 'daily' | 'weekly';

/** The owner's digest; off until they choose one. */
export async function ownerDigest(d1: D1Database, userId: number): Promise<DigestChoice> {
  const row = await d1
    .prepare('SELECT digest FROM owner_lending_preferences WHERE user_id = ?')
    .bind(userId)
    .first<{ digest: DigestChoice }>();
  return row?.digest ?? 'off';
}

/** Saves the owner's digest. */
export async function saveOwnerDigest(d1: D1Database, userId: number, digest: DigestChoice): Promise<void> {
  await d1
    .prepare('INSERT INTO owner_lending_preferences (user_id, digest) VALUES (?1, ?2) ON CONFLICT (user_id) DO UPDATE SET digest = ?2')
    .bind(userId, digest)
    .run();
}
