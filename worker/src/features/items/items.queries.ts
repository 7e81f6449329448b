// Reading items: one item with its visible values and lending facts, the recent and hidden items, and
// look-ups by code or title. Pages of items (search, filters, sort) are planned in ./list/.
import type { Item, ItemSummary } from '@shared/schemas/items';
import type { Caller } from '@worker/env';
import { searchColumns, type CallerLevel } from '@worker/lib/visibility';
import { keptCopies } from '@worker/db/kept-copies';
import type { ItemRow, ListedItemRow } from '@worker/db/raw-rows';
import type { PropertyRow } from '@worker/lib/values';
import { roleValue, valuesOf } from './item-values';
import { inCollection, matchExpression } from './items.search';
import { listColumns, summaries } from './list/summaries';

// Other features read an item's values through this file.
export { storedValues, valuesOf } from './item-values';

export async function loadItem(d1: D1Database, collectionId: number, itemId: number): Promise<ItemRow | null> {
  return d1.prepare('SELECT * FROM items WHERE id = ? AND collection_id = ?').bind(itemId, collectionId).first<ItemRow>();
}

/** What an item page says about lending; null while loans are off (see features/lending). */
export interface ItemLending {
  availability: NonNullable<Item['availability']>;
  canBorrow: boolean;
}

export function toItem(
  row: ItemRow,
  props: PropertyRow[],
  caller: Caller | null,
  isOwner: boolean,
  lending: ItemLending | null = null,
): Item {
  const values = valuesOf(row, props);
  return {
    id: row.id,
    collectionId: row.collection_id,
    quantity: row.quantity,
    visibility: row.visibility as Item['visibility'],
    borrowable: row.borrowable as Item['borrowable'],
    values,
    title: roleValue(values, props, 'isTitle'),
    subtitle: roleValue(values, props, 'isSubtitle'),
    cover: roleValue(values, props, 'isCover'),
    reference: roleValue(values, props, 'isReference'),
    isOwner: isOwner && caller !== null,
    availability: lending?.availability ?? null,
    canBorrow: lending?.canBorrow ?? false,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The role values (title, subtitle, cover, reference) of an item's cached data, for lists outside items. */
export function itemRoles(data: string, props: PropertyRow[]) {
  const values = valuesOf({ data } as ItemRow, props);
  return {
    title: roleValue(values, props, 'isTitle'),
    cover: roleValue(values, props, 'isCover'),
    reference: roleValue(values, props, 'isReference'),
  };
}

/** Who may ask to borrow an item: its own level, else its collection's (docs/product.md "Who can borrow"). */
export function effectiveBorrowLevel(item: { borrowable: number | null }, collection: { borrowable: number }): number {
  return item.borrowable ?? collection.borrowable;
}

/** Copies lent and available; `nextDueOn` is the owner's alone (pass null for anyone else). */
/** `kept`: copies back home but kept for someone a waiting list offered them to. */
export function availabilityOf(quantity: number, lent: number, nextDueOn: string | null, kept = 0): ItemLending['availability'] {
  return { quantity, lent, available: Math.max(0, quantity - lent - kept), nextDueOn };
}

/**
 * An item page's lending facts: copies lent and available, the next due date for the owner only, and
 * whether this caller may ask to borrow (0 anyone, 1 signed in; never the owner, never at 3 or 4).
 */
export async function itemLending(
  d1: D1Database,
  row: ItemRow,
  collection: { borrowable: number },
  caller: Caller | null,
  isOwner: boolean,
): Promise<ItemLending | null> {
  const level = effectiveBorrowLevel(row, collection);
  if (level === 4) return null;
  // A copy offered to the next in line is not available to others, so they are shown the waiting list.
  const lent = await d1
    .prepare(`SELECT count(*) AS n, min(due_on) AS next, ${keptCopies('?1')} AS kept FROM loans WHERE item_id = ?1 AND state = 'lent'`)
    .bind(row.id)
    .first<{ n: number; next: string | null; kept: number }>();
  return {
    availability: availabilityOf(row.quantity, lent?.n ?? 0, isOwner ? (lent?.next ?? null) : null, lent?.kept ?? 0),
    canBorrow: !isOwner && (level === 0 || (level === 1 && caller !== null)),
  };
}

export async function recentItems(d1: D1Database, collectionId: number, level: CallerLevel, props: PropertyRow[], loansEnabled = false) {
  const columns = listColumns(loansEnabled);
  const [added, edited] = await d1.batch<ListedItemRow>([
    d1
      .prepare(`SELECT ${columns} FROM items i WHERE collection_id = ? AND level <= ? ORDER BY created_at DESC, id DESC LIMIT 10`)
      .bind(collectionId, level),
    d1
      .prepare(
        `SELECT ${columns} FROM items i WHERE collection_id = ? AND level <= ? AND updated_at > created_at ORDER BY updated_at DESC, id DESC LIMIT 10`,
      )
      .bind(collectionId, level),
  ]);
  const all = summaries([...added!.results, ...edited!.results], props);
  return { added: all.slice(0, added!.results.length), edited: all.slice(added!.results.length) };
}

/**
 * The items set to "Nobody" themselves (their own visibility 4), newest change first: browsing never
 * shows them, so the owner reaches them from the manage screen. The titles are the owner's (level 4
 * properties included, as in the edit screens).
 */
export async function hiddenItemsOf(
  d1: D1Database,
  collectionId: number,
  props: PropertyRow[],
  loansEnabled = false,
): Promise<ItemSummary[]> {
  const { results } = await d1
    .prepare(
      `SELECT ${listColumns(loansEnabled)} FROM items i WHERE collection_id = ? AND visibility = 4 ORDER BY updated_at DESC, id DESC`,
    )
    .bind(collectionId)
    .all<ListedItemRow>();
  return summaries(results, props);
}

/** Candidates read per look-up, at most: enough to find one with the same title among same-word titles. */
const CANDIDATES_PER_LOOKUP = 20;

/**
 * For each look-up, the collection's items (id and values by property id) whose indexed text holds one of
 * the codes as a word, or every word of the title: candidates that the caller then compares value by
 * value (a metadata source's hit against what the collection holds). One query each, in one batch.
 */
export async function itemsByCodesOrTitle(
  d1: D1Database,
  collectionId: number,
  lookUps: { codes: string[]; title: string | null }[],
): Promise<{ id: number; data: Record<string, unknown> }[][]> {
  const columns = searchColumns(3);
  const matches = lookUps.map(({ codes, title }) => {
    const parts = [
      codes.length > 0 ? `{${columns}} : (${codes.map((c) => `"${c.replaceAll('"', '')}"`).join(' OR ')})` : null,
      title ? matchExpression(title, 3) : null,
    ];
    const present = parts.filter((p): p is string => p !== null);
    return present.length > 0 ? inCollection(present.map((p) => `(${p})`).join(' OR '), collectionId) : null;
  });
  const statements = matches
    .filter((m): m is string => m !== null)
    .map((match) =>
      d1
        .prepare(
          `SELECT i.id, i.data FROM items_search CROSS JOIN items i ON i.id = items_search.rowid WHERE items_search MATCH ?1 LIMIT ${CANDIDATES_PER_LOOKUP}`,
        )
        .bind(match),
    );
  const results = statements.length > 0 ? await d1.batch<{ id: number; data: string }>(statements) : [];
  let next = 0;
  return matches.map((match) =>
    match === null ? [] : (results[next++]?.results ?? []).map((r) => ({ id: r.id, data: JSON.parse(r.data) as Record<string, unknown> })),
  );
}
