// Keeps items_search (FTS5) in step with values: each item's searchable text (searchable properties
// and the title) is split into three columns by the property's visibility, so a caller's search only
// matches text that caller may see. Properties at level 4 are indexed nowhere.
import { sql } from 'drizzle-orm';
import type { Db } from '../../env';
import type { CallerLevel } from '../../lib/visibility';
import { unicode61Words } from '../../lib/unicode61';
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
 * One token per value of a filterable text or yes/no property: "f<property id>v<hex of the lower-cased
 * value>" (or v true / v false). The SQL below and facetToken() must build the same text.
 */
const FACETS = `coalesce((
    SELECT group_concat('f' || p.id || 'v' || CASE WHEN p.type = 'yesno'
        THEN CASE WHEN v.sort_number = 1 THEN 'true' ELSE 'false' END
        ELSE lower(hex(v.sort_text)) END, ' ')
    FROM item_values v JOIN properties p ON p.id = v.property_id
    WHERE v.item_id = i.id AND p.filterable = 1 AND p.type NOT IN ('number', 'rating', 'date', 'datetime')
  ), '')`;

export function facetToken(propertyId: number, type: string, value: string): string {
  if (type === 'yesno') return `f${propertyId}v${value === 'true' ? 'true' : 'false'}`;
  const bytes = new TextEncoder().encode(value.toLowerCase().slice(0, 200));
  return `f${propertyId}v${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
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

type Target = { itemId: number } | { newestOf: number } | { collectionId: number };

function targetSql(target: Target, alias: string): string {
  if ('itemId' in target) return `${alias}.id = ${inlineId(target.itemId)}`;
  if ('newestOf' in target) return `${alias}.id = ${newestItemOf(target.newestOf)}`;
  return `${alias}.collection_id = ${inlineId(target.collectionId)}`;
}

/** items.data from item_values: values by property id, arrays (in position order) for multiple properties. */
function rebuildDataStatement(db: Db, target: Target) {
  return db.run(sql.raw(`UPDATE items AS i SET data = coalesce((
      SELECT json_group_object(g.pid, json(g.v)) FROM (
        SELECT v.property_id AS pid,
          CASE WHEN p.multiple = 1
            THEN (SELECT json_group_array(json(x.value)) FROM (
              SELECT value FROM item_values x WHERE x.item_id = v.item_id AND x.property_id = v.property_id ORDER BY x.position) x)
            ELSE min(v.value) END AS v
        FROM item_values v JOIN properties p ON p.id = v.property_id
        WHERE v.item_id = i.id
        GROUP BY v.property_id) g), '{}')
    WHERE ${targetSql(target, 'i')}`));
}

/**
 * After values change: items.data and the search row of one item, the newest of a collection, or every
 * item of a collection (after a change to its properties). Both run in the writer's batch.
 */
export function refreshStatements(db: Db, target: Target) {
  return [
    rebuildDataStatement(db, target),
    db.run(sql.raw(`INSERT OR REPLACE INTO items_search (rowid, everyone, logged_in, owner, facets)
    SELECT i.id, ${textAt(0)}, ${textAt(1)}, ${textAt(3)}, ${FACETS} FROM items i WHERE ${targetSql(target, 'i')}`)),
  ] as const;
}

/** Enough to narrow any catalogue; more words only cost the index work. */
const MAX_SEARCH_WORDS = 10;
/** Longer words still match as prefixes of what they start with. */
const MAX_WORD_LENGTH = 64;

/**
 * An FTS5 query from what the user typed: every word must match, as a prefix, accents and case
 * ignored (the tokenizer removes diacritics). Words are cut where the index tokenizer cuts them, so
 * each quoted word is one token; quotes inside a word are doubled, so input cannot change the syntax.
 */
export function matchExpression(input: string, level: CallerLevel): string | null {
  const words = searchWords(input);
  if (words.length === 0) return null;
  return `{${searchColumns(level)}} : (${words.map((w) => `"${w.replaceAll('"', '""')}"*`).join(' ')})`;
}

function searchWords(input: string): string[] {
  return unicode61Words(input.normalize('NFC'))
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => Array.from(word).slice(0, MAX_WORD_LENGTH).join(''));
}

/** The facets part of a match: any of the tokens of each property, all properties required. */
export function facetsExpression(groups: string[][]): string {
  return groups.map((tokens) => `facets : (${tokens.map((t) => `"${t}"`).join(' OR ')})`).join(' AND ');
}
