// Settings are read on almost no request's critical path but must not cost a query on every request:
// each isolate keeps them for a short time, and a write through this isolate replaces its copy at
// once. Another isolate sees a change within SETTINGS_TTL_MS.
import { drizzle } from 'drizzle-orm/d1';
import type { Settings } from '@shared/schemas/settings';
import * as schema from '@worker/db/schema';
import type { Db, Env, SettingsReader } from '@worker/env';
import { perDatabase } from '@worker/lib/per-database';
import { readSettings, writeSettings } from './settings.queries';

export const SETTINGS_TTL_MS = 30_000;

/** Per database binding, like the built-in accounts check: tests and benchmarks bind several. */
const cache = perDatabase<{ settings: Settings; readAt: number }>();
/** Bumped by every write, so a read that started before a write cannot put back what it replaced. */
let writes = 0;

// Date.now() only measures the age of this isolate's copy; it is never stored or compared with rows.
async function readThroughCache(binding: D1Database, db: Db): Promise<Settings> {
  const cached = cache.get(binding);
  if (cached && Date.now() - cached.readAt < SETTINGS_TTL_MS) return cached.settings;
  const writesBefore = writes;
  const fresh = await readSettings(db);
  if (writes === writesBefore) cache.set(binding, { settings: fresh, readAt: Date.now() });
  return fresh;
}

/** The request's settings: read on first use only, then the same answer for the rest of the request. */
export function settingsReader(binding: D1Database, db: Db): SettingsReader {
  let pending: Promise<Settings> | null = null;
  return {
    read: () => (pending ??= readThroughCache(binding, db)),
  };
}

export async function saveSettings(binding: D1Database, db: Db, changes: Partial<Settings>): Promise<Settings> {
  writes += 1;
  const saved = await writeSettings(db, changes);
  cache.set(binding, { settings: saved, readAt: Date.now() });
  return saved;
}

/**
 * What emails and link previews say of the instance: its name, and the address their links start from
 * (the administrator's public URL, else the APP_URL variable; null when neither is set). Jobs and
 * Workflows, which have no request, read it here; the settings are cached like a request's.
 */
export async function instanceIdentity(env: Pick<Env, 'DB' | 'APP_URL'>): Promise<{ name: string; baseUrl: string | null }> {
  const settings = await readThroughCache(env.DB, drizzle(env.DB, { schema }));
  return { name: settings.instanceName, baseUrl: settings.publicUrl ?? (env.APP_URL || null) };
}

/** Whether "Enable loans" is on, for Workflows and jobs (cached like a request's settings). */
export async function loansEnabled(env: Pick<Env, 'DB'>): Promise<boolean> {
  return (await readThroughCache(env.DB, drizzle(env.DB, { schema }))).loansEnabled;
}
