// Row types for hand-written SQL, each checked against its drizzle table: renaming, retyping, adding or
// removing a column fails the type check here instead of silently mis-reading rows at run time.
import type { accountArchives, accountRestoreEntries, backups, collectionExports, imports, items } from './schema';
import type { Equal, Expect, RawRow } from './row-types';

/** `SELECT * FROM items` (items' reads are raw SQL for their FTS5 and index hints). */
export interface ItemRow {
  id: number;
  collection_id: number;
  quantity: number;
  visibility: number | null;
  level: number;
  borrowable: number | null;
  /** The item's values as JSON keyed by property id. */
  data: string;
  /** Moved on by every edit (stale edits are refused). */
  version: number;
  created_at: string;
  updated_at: string;
  /** Where an imported item came from (null for items made here). */
  import_ref: string | null;
  /** Copies in loans in state lent (kept by triggers on loans). */
  lent_copies: number;
}
export type _ItemRowMatchesSchema = Expect<Equal<ItemRow, RawRow<typeof items>>>;

/** An item row of a list, with its copies lent while loans are enabled (absent: none shown). */
export interface ListedItemRow extends ItemRow {
  lent?: number;
}

/** `SELECT * FROM imports`: an import run as its Workflow steps read it (features/imports/imports.steps.ts). */
export type ImportRow = RawRow<typeof imports>;

/** `SELECT * FROM backups`: a backup or a restore as its Workflow steps and its routes read it (features/backups). */
export type BackupRow = RawRow<typeof backups>;

/** `SELECT * FROM collection_exports`: an export with pictures (features/exports). */
export type ExportRunRow = RawRow<typeof collectionExports>;

/** `SELECT * FROM account_archives`: a backup of someone's collections or a restore of one (features/account-archives). */
export type AccountArchiveRow = RawRow<typeof accountArchives>;

/** `SELECT * FROM account_restore_entries`: an entry of a restore's zip that it uses. */
export type RestoreEntryRow = RawRow<typeof accountRestoreEntries>;
