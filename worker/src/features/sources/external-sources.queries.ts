// The external modules' rows (external_sources): read whole (an instance holds a handful), written one at
// a time by Configuration → Modules. A module's cached answers go with it when it is removed or upgraded.
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { EXTERNAL_TYPES, externalSourceId, type ExternalModule, type ExternalType, type SourceProblem } from '@shared/schemas/sources';
import { NOW_SQL } from '@worker/db/now';
import { externalSources } from '@worker/db/schema';
import type { ExternalManifest, ExternalSourceRecord } from './external.source';

type ExternalSourceRow = typeof externalSources.$inferSelect;

/** Modules an instance may register: "upgrade all" asks each one in one request (a Worker makes 50 subrequests at most). */
export const EXTERNAL_MODULES_MAX = 20;

/** The stored types, read defensively (a row restored from an older backup keeps what it can). */
function typesOf(text: string): ExternalType[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? EXTERNAL_TYPES.filter((t) => value.includes(t)) : [];
  } catch {
    return [];
  }
}

export interface ExternalSourceFull extends ExternalSourceRecord {
  version: string;
  description: string | null;
  checkedAt: string;
  problem: string | null;
}

const fromRow = (row: ExternalSourceRow): ExternalSourceFull => ({ ...row, types: typesOf(row.types) });

/** The modules of rows read elsewhere (a queue step reads them in its first batch). */
export const externalSourcesOf = (rows: ExternalSourceRow[]): ExternalSourceFull[] => rows.map(fromRow);

export async function listExternalSources(d1: D1Database): Promise<ExternalSourceFull[]> {
  return externalSourcesOf(await drizzle(d1).select().from(externalSources).orderBy(externalSources.id).all());
}

export async function findExternalSource(d1: D1Database, id: number): Promise<ExternalSourceFull | null> {
  const row = await drizzle(d1).select().from(externalSources).where(eq(externalSources.id, id)).get();
  return row ? fromRow(row) : null;
}

export const externalSourceByAddress = (d1: D1Database, address: string) =>
  drizzle(d1).select({ id: externalSources.id }).from(externalSources).where(eq(externalSources.address, address)).get();

const manifestColumns = (manifest: ExternalManifest) => ({
  name: manifest.name,
  version: manifest.version,
  description: manifest.description ?? null,
  types: JSON.stringify(manifest.types),
  barcodes: manifest.barcodes,
});

/** Registers a module; null when its address is registered already (by a request at the same time). */
export async function insertExternalSource(
  d1: D1Database,
  address: string,
  manifest: ExternalManifest,
): Promise<ExternalSourceFull | null> {
  const row = await drizzle(d1)
    .insert(externalSources)
    .values({ address, ...manifestColumns(manifest) })
    .onConflictDoNothing({ target: externalSources.address })
    .returning()
    .get();
  return row ? fromRow(row) : null;
}

export async function setExternalSourceEnabled(d1: D1Database, id: number, enabled: boolean): Promise<ExternalSourceFull | null> {
  const row = await drizzle(d1).update(externalSources).set({ enabled }).where(eq(externalSources.id, id)).returning().get();
  return row ? fromRow(row) : null;
}

/** The statement forgetting a module's cached answers (keys begin with its id: sources.service.ts). */
const forgetCached = (d1: D1Database, id: number) =>
  d1.prepare(`DELETE FROM source_cache WHERE key >= ?1 AND key < ?2`).bind(`${externalSourceId(id)}|`, `${externalSourceId(id)}}`);

/** Removes a module and its cached answers; false when there was none. */
export async function deleteExternalSource(d1: D1Database, id: number): Promise<boolean> {
  const [deleted] = await d1.batch([d1.prepare('DELETE FROM external_sources WHERE id = ?1 RETURNING id').bind(id), forgetCached(d1, id)]);
  return (deleted?.results.length ?? 0) > 0;
}

/**
 * Saves what "upgrade all" read, in one batch: a new manifest (its cached answers forgotten, as they came
 * from the version before), or the problem met, the last good manifest kept.
 */
export async function saveExternalChecks(
  d1: D1Database,
  checks: { id: number; manifest: ExternalManifest | null; changed: boolean; problem: SourceProblem | null }[],
): Promise<void> {
  if (checks.length === 0) return;
  const statements = checks.flatMap((check) => {
    const m = check.manifest ? manifestColumns(check.manifest) : null;
    const update = m
      ? d1
          .prepare(
            `UPDATE external_sources SET name = ?2, version = ?3, description = ?4, types = ?5, barcodes = ?6, problem = NULL, checked_at = ${NOW_SQL} WHERE id = ?1`,
          )
          .bind(check.id, m.name, m.version, m.description, m.types, m.barcodes ? 1 : 0)
      : d1.prepare(`UPDATE external_sources SET problem = ?2, checked_at = ${NOW_SQL} WHERE id = ?1`).bind(check.id, check.problem);
    return check.changed ? [update, forgetCached(d1, check.id)] : [update];
  });
  await d1.batch(statements);
}

/** A module as Configuration → Modules shows it. */
export const externalModuleOf = (source: ExternalSourceFull): ExternalModule => ({
  id: externalSourceId(source.id),
  number: source.id,
  address: source.address,
  name: source.name,
  version: source.version,
  description: source.description,
  types: source.types,
  barcodes: source.barcodes,
  enabled: source.enabled,
  checkedAt: source.checkedAt,
  problem: source.problem as SourceProblem | null,
});
