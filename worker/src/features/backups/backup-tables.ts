// What a backup holds of D1: the tables that matter, in an order a restore can insert them in (a row's
// parents before it), each read a page at a time by its primary key. Left out: sign-in sessions, links
// sent by email, rate limits, metadata sources' cached answers and job bookkeeping (short-lived, and tied to the instance that made them),
// the backups themselves, exports with pictures and backups of someone's collections (kept a day), and what triggers rebuild from the rest as rows come back (facet counts,
// the collections' item counters and the items' copies lent).

export interface BackupTable {
  name: string;
  /** The columns read (`*` and, for the search index, its rowid, which is the item's id). */
  select: string;
  /** The primary key, in order: pages follow it. */
  key: string[];
  /** Columns a restore sets to 0, because triggers count them again as the rows below come back. */
  recount?: string[];
  /** The conflict a restore overwrites: rows the empty instance already has (its administrator, its settings). */
  upsert?: string;
}

export const BACKUP_TABLES: readonly BackupTable[] = [
  { name: 'settings', select: '*', key: ['key'], upsert: 'key' },
  { name: 'config_keys', select: '*', key: ['name'], upsert: 'name' },
  { name: 'external_sources', select: '*', key: ['id'] },
  { name: 'users', select: '*', key: ['id'], upsert: 'id' },
  {
    name: 'collections',
    select: '*',
    key: ['id'],
    recount: [
      'count_everyone',
      'count_logged_in',
      'count_shared',
      'count_owner',
      'unavailable_everyone',
      'unavailable_logged_in',
      'unavailable_shared',
      'unavailable_owner',
    ],
  },
  { name: 'collection_members', select: '*', key: ['collection_id', 'user_id'] },
  { name: 'properties', select: '*', key: ['id'] },
  { name: 'source_mappings', select: '*', key: ['collection_id'] },
  { name: 'items', select: '*', key: ['id'], recount: ['lent_copies'] },
  { name: 'item_values', select: '*', key: ['item_id', 'property_id', 'position'] },
  { name: 'item_sort_gaps', select: '*', key: ['property_id', 'created_at', 'item_id'] },
  { name: 'items_search', select: 'rowid, *', key: ['rowid'] },
  { name: 'borrowers', select: '*', key: ['id'] },
  { name: 'loans', select: '*', key: ['id'] },
  { name: 'import_sources', select: '*', key: ['id'] },
  { name: 'imports', select: '*', key: ['id'] },
  { name: 'import_steps', select: '*', key: ['import_id', 'first_row'] },
  { name: 'import_media', select: '*', key: ['import_id', 'name'] },
  { name: 'source_queues', select: '*', key: ['id'] },
  { name: 'source_queue_codes', select: '*', key: ['queue_id', 'position'] },
];

/** Rows in one page (one zip entry, and one statement when restored): a few hundred kilobytes at most. */
export const ROWS_PER_PAGE = 500;

/**
 * Bucket objects a backup leaves out: backups' own pieces, files uploaded to be restored, and the
 * pieces of exports with pictures (kept a day, and their rows are not backed up either).
 */
export const BACKUP_PREFIXES = ['backups/', 'restores/', 'exports/'] as const;

export const isBackupPiece = (key: string) => BACKUP_PREFIXES.some((prefix) => key.startsWith(prefix));

/** The statement reading the page of `table` after `last` (the previous page's last key, null at first). */
export function pageQuery(table: BackupTable, last: unknown[] | null): { sql: string; params: unknown[] } {
  const key = table.key.join(', ');
  const after = last ? `WHERE (${key}) > (${table.key.map((_, i) => `?${i + 1}`).join(', ')})` : '';
  return { sql: `SELECT ${table.select} FROM ${table.name} ${after} ORDER BY ${key} LIMIT ${ROWS_PER_PAGE}`, params: last ?? [] };
}

/**
 * The statement putting a page back: every row in one bound parameter (the page as JSON), so a page is
 * one statement whatever its size, and D1's 100 parameters a statement never bind.
 */
export function insertQuery(table: BackupTable, columns: readonly string[]): string {
  const quoted = columns.map((c) => `"${c}"`);
  const values = columns.map((c, i) => (table.recount?.includes(c) ? '0' : `value ->> ${i}`));
  const upsert = table.upsert
    ? ` WHERE true ON CONFLICT ("${table.upsert}") DO UPDATE SET ${quoted
        .filter((c) => c !== `"${table.upsert}"`)
        .map((c) => `${c} = excluded.${c}`)
        .join(', ')}`
    : '';
  return `INSERT INTO ${table.name} (${quoted.join(', ')}) SELECT ${values.join(', ')} FROM json_each(?1)${upsert}`;
}

/** A page as the backup stores it. */
export interface TablePage {
  table: string;
  columns: string[];
  rows: unknown[][];
}
