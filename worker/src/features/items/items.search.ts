// Keeps items_search (FTS5) in step with values: each item's searchable text (searchable properties
// and the title) is split into three columns by the property's visibility, so a caller's search only
// matches text that caller may see. Properties at level 4 are indexed nowhere.
import { sql } from 'drizzle-orm';
import type { Db } from '../../env';
import type { CallerLevel } from '../../lib/visibility';
import { searchColumns } from '../../lib/visibility';

function textAt(level: number): string {
  return `coalesce((
    SELECT group_concat(json_extract(v.value, '$'), ' ')
    FROM item_values v JOIN properties p ON p.id = v.property_id
    WHERE v.item_id = i.id AND (p.searchable = 1 OR p.is_title = 1) AND p.visibility = ${level}
      AND p.type IN ('text', 'longtext', 'url', 'number')
  ), '')`;
}

/**
 * drizzle's D1 batch cannot bind parameters of raw statements, so raw statements that run inside
 * batches carry their ids inline; this guard keeps that safe.
 */
export function inlineId(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not an id: ${value}`);
  return String(value);
}

/**
 * Inside a write batch (one transaction, and D1 runs one writer at a time) the newest item is the one
 * the batch just inserted. max(id) of the whole table is a single step down the rowid b-tree; the
 * collection id only guards against misuse.
 */
export function newestItemOf(collectionId: number): string {
  return `(SELECT max(id) FROM items WHERE collection_id = ${inlineId(collectionId)} AND id = (SELECT max(id) FROM items))`;
}

/** Re-indexes one item, the newest of a collection, or every item of a collection. */
export function reindexStatement(
  db: Db,
  target: { itemId: number } | { newestOf: number } | { collectionId: number },
) {
  const where =
    'itemId' in target
      ? `i.id = ${inlineId(target.itemId)}`
      : 'newestOf' in target
        ? `i.id = ${newestItemOf(target.newestOf)}`
        : `i.collection_id = ${inlineId(target.collectionId)}`;
  return db.run(sql.raw(`INSERT OR REPLACE INTO items_search (rowid, everyone, logged_in, owner)
    SELECT i.id, ${textAt(0)}, ${textAt(1)}, ${textAt(3)} FROM items i WHERE ${where}`));
}

/**
 * An FTS5 query from what the user typed: every word must match, as a prefix, accents and case
 * ignored (the tokenizer removes diacritics). Quotes are stripped so input cannot change the syntax.
 */
export function matchExpression(input: string, level: CallerLevel): string | null {
  const words = input
    .normalize('NFKC')
    .split(/[\s"'(){}[\]*:^+\-,.;!?]+/)
    .map((w) => w.trim())
    .filter(Boolean)
    .slice(0, 10);
  if (words.length === 0) return null;
  return `{${searchColumns(level)}} : (${words.map((w) => `"${w.replaceAll('"', '')}"*`).join(' ')})`;
}
