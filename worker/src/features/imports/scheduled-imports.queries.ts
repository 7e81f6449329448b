// Reads of a collection's scheduled import sources.
import type { SourceRow } from './scheduled-imports.service';

export type SourceWithLastRun = SourceRow & { last_import_id: number | null };

/** The sources of a collection (or the one `sourceId`) with their newest run, in one query. */
export async function listScheduledImports(
  d1: D1Database,
  collectionId: number,
  sourceId: number | null = null,
): Promise<SourceWithLastRun[]> {
  const { results } = await d1
    .prepare(
      `SELECT s.*, (SELECT max(id) FROM imports WHERE source_id = s.id) AS last_import_id
       FROM import_sources s WHERE s.collection_id = ?1 AND (?2 IS NULL OR s.id = ?2) ORDER BY s.id`,
    )
    .bind(collectionId, sourceId)
    .all<SourceWithLastRun>();
  return results;
}
