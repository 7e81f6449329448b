// Settings rows: one per key that was ever changed, its value as JSON. Missing keys take their defaults.
import { sql } from 'drizzle-orm';
import { SETTINGS_DEFAULTS, type Settings, settings as settingsShape } from '@shared/schemas/settings';
import { sqlNow } from '@worker/db/now';
import { settings } from '@worker/db/schema';
import type { Db } from '@worker/env';

type StoredSetting = { key: string; value: string };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Defaults overlaid with stored values; a stored value the schema no longer accepts keeps its default. */
function fromRows(rows: StoredSetting[]): Settings {
  const result: Record<string, unknown> = { ...SETTINGS_DEFAULTS };
  const shape: Record<string, (typeof settingsShape.shape)[keyof Settings]> = settingsShape.shape;
  for (const row of rows) {
    const field = Object.hasOwn(shape, row.key) ? shape[row.key] : undefined;
    if (!field) continue; // a setting this version no longer has
    const parsed = field.safeParse(parseJson(row.value));
    if (parsed.success) result[row.key] = parsed.data;
    else console.error('stored setting ignored, default used', row.key);
  }
  return result as Settings;
}

function selectAll(db: Db) {
  return db.select({ key: settings.key, value: settings.value }).from(settings);
}

export async function readSettings(db: Db): Promise<Settings> {
  return fromRows(await selectAll(db));
}

/** Writes the given settings and reads them all back, in one round trip. */
export async function writeSettings(db: Db, changes: Partial<Settings>): Promise<Settings> {
  const rows = Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ key, value: JSON.stringify(value) }));
  if (rows.length === 0) return readSettings(db);
  const [, stored] = await db.batch([
    db
      .insert(settings)
      .values(rows)
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: sqlNow } }),
    selectAll(db),
  ]);
  return fromRows(stored);
}
