// Writes of the custom configuration keys.
import { eq } from 'drizzle-orm';
import { CONFIG_KEYS_MAX, type ConfigKey } from '@shared/schemas/settings';
import { NOW_SQL } from '@worker/db/now';
import { configKeys } from '@worker/db/schema';
import type { Db } from '@worker/env';

/**
 * Sets a key; null when it is new and the keys are full. A new key counts against the cap, changing an
 * existing one never does. The check and the write are one statement, so two additions at once cannot
 * both pass the last free place.
 */
export async function storeConfigKey(d1: D1Database, name: string, value: string): Promise<ConfigKey | null> {
  return d1
    .prepare(
      `INSERT INTO config_keys (name, value) SELECT ?1, ?2
       WHERE EXISTS (SELECT 1 FROM config_keys WHERE name = ?1) OR (SELECT count(*) FROM config_keys) < ?3
       ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = ${NOW_SQL}
       RETURNING name, value, updated_at AS updatedAt`,
    )
    .bind(name, value, CONFIG_KEYS_MAX)
    .first<ConfigKey>();
}

/** Deletes a key; false when there was none. */
export async function deleteConfigKey(db: Db, name: string): Promise<boolean> {
  const deleted = await db.delete(configKeys).where(eq(configKeys.name, name)).returning({ name: configKeys.name });
  return deleted.length > 0;
}
