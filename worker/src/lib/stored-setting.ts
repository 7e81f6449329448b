// A setting kept as one JSON row of the settings table outside the typed settings (the email transport,
// the metadata sources' keys), read through each isolate's short-lived copy: no query on every request,
// a save through this isolate seen at once, another isolate's within TTL_MS.
import { NOW_SQL } from '../db/now';
import { perDatabase } from './per-database';

const TTL_MS = 30_000;

export interface StoredSetting<T> {
  /** The saved value (or the default), through this isolate's copy unless `fresh`. */
  read(db: D1Database, fresh?: boolean): Promise<T>;
  /** Saves the value and makes this isolate use it at once. */
  save(db: D1Database, value: T): Promise<void>;
  /** The settings row's key, for a read made elsewhere (in a batch). */
  key: string;
  /** The value of a row read elsewhere: its `value` column, or null when there is none. */
  fromText(text: string | null): T;
}

/** `parse` reads the stored JSON (null when there is no row, or it is not JSON) into a value. */
export function storedSetting<T>(key: string, parse: (value: unknown) => T): StoredSetting<T> {
  // Per database binding: tests and benchmarks bind several.
  const cache = perDatabase<{ value: T; readAt: number }>();
  // Bumped by every save, so a read that started before it cannot put the old row back.
  let saves = 0;
  const fromText = (text: string | null): T => {
    if (text === null) return parse(null);
    try {
      return parse(JSON.parse(text));
    } catch {
      console.error(`stored setting ${key} ignored: not JSON`);
      return parse(null);
    }
  };
  return {
    async read(db, fresh = false) {
      const cached = cache.get(db);
      // Date.now() only measures the age of this isolate's copy.
      if (!fresh && cached && Date.now() - cached.readAt < TTL_MS) return cached.value;
      const before = saves;
      const row = await db.prepare('SELECT value FROM settings WHERE key = ?1').bind(key).first<{ value: string }>();
      const value = fromText(row?.value ?? null);
      if (saves === before) cache.set(db, { value, readAt: Date.now() });
      return value;
    },
    async save(db, value) {
      saves += 1;
      await db
        .prepare(
          `INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = ${NOW_SQL}`,
        )
        .bind(key, JSON.stringify(value))
        .run();
      cache.set(db, { value, readAt: Date.now() });
    },
    key,
    fromText,
  };
}
