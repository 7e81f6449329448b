// Reads of the custom configuration keys.
import { asc, eq } from 'drizzle-orm';
import type { ConfigKey } from '@shared/schemas/settings';
import { configKeys } from '@worker/db/schema';
import type { Db } from '@worker/env';

/** A custom key's value, or null when the administrator has not set it: what modules read. */
export async function configValue(db: Db, name: string): Promise<string | null> {
  const [row] = await db.select({ value: configKeys.value }).from(configKeys).where(eq(configKeys.name, name));
  return row?.value ?? null;
}

/** Every custom key, by name. */
export async function listConfigKeys(db: Db): Promise<ConfigKey[]> {
  return db
    .select({ name: configKeys.name, value: configKeys.value, updatedAt: configKeys.updatedAt })
    .from(configKeys)
    .orderBy(asc(configKeys.name));
}
