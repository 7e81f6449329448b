// Reading waiting lists, and the SQL that says whether a copy is free once offers are counted. A copy
// offered to the next in line (or accepted by them and not yet lent) is kept for that person: asks and
// joins are decided against it in the same statement that writes, like the last-copy rule of loans.
import { LEGACY_ADMIN_FIRST_NAME } from '@shared/admin-name';
import { BUILTIN_ADMIN_USERNAME } from '@shared/constants';
import type { HoldState } from '@shared/lending';
import type { Hold } from '@shared/schemas/holds';
import type { Db } from '@worker/env';
import { keptCopies } from '@worker/db/kept-copies';
import { itemRoles } from '../items/items.queries';
import { roleProperties } from './lending.queries';

/** Whether item `itemId` has a copy neither lent nor kept for someone offered it. */
export const copyFree = (itemId: string) =>
  `((SELECT quantity FROM items WHERE id = ${itemId}) > (SELECT count(*) FROM loans x WHERE x.item_id = ${itemId} AND x.state = 'lent') + ${keptCopies(itemId)})`;

/** A borrow request may be recorded unless a copy is kept for someone offered it and no other is free. */
export const askAllowed = (itemId: string) => `(${keptCopies(itemId)} = 0 OR ${copyFree(itemId)})`;

/** A hold's place: offered holds first, then the waiting ones by position. */
const PLACE = `(SELECT count(*) FROM holds p WHERE p.item_id = h.item_id AND (p.state = 'offered' AND h.state = 'waiting'
    OR p.state = h.state AND p.position < h.position AND p.state IN ('waiting', 'offered'))) + 1`;

export const HOLD_SELECT = `SELECT h.*, ${PLACE} AS place, b.name AS borrower_name, b.email AS borrower_email, b.locale AS borrower_locale,
    i.collection_id, i.data AS item_data, c.offer_days,
    CASE WHEN u.username = '${BUILTIN_ADMIN_USERNAME}' AND coalesce(u.first_name, '') IN ('', '${LEGACY_ADMIN_FIRST_NAME}') AND coalesce(u.last_name, '') = '' THEN NULL
      ELSE coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) END AS owner_name
  FROM holds h
  JOIN borrowers b ON b.id = h.borrower_id
  JOIN items i ON i.id = h.item_id
  JOIN collections c ON c.id = i.collection_id
  JOIN users u ON u.id = h.owner_id`;

export interface HoldRow {
  id: number;
  item_id: number;
  owner_id: number;
  borrower_id: number;
  state: HoldState;
  position: number;
  place: number;
  message: string | null;
  locale: string | null;
  offer_token_hash: string | null;
  offered_at: string | null;
  offer_expires_at: string | null;
  loan_id: number | null;
  created_at: string;
  borrower_name: string;
  borrower_email: string | null;
  borrower_locale: string | null;
  collection_id: number;
  item_data: string;
  offer_days: number;
  owner_name: string | null;
}

/** Most queues one overview lists: a popular item's queue is short, and the page stays one query. */
const OWNER_HOLDS_MAX = 200;
const ACTIVE = `h.state IN ('waiting', 'offered')`;
const ORDER = `ORDER BY h.item_id, h.state = 'waiting', h.position`;

export async function activeHoldsOfItem(d1: D1Database, itemId: number): Promise<HoldRow[]> {
  return (await d1.prepare(`${HOLD_SELECT} WHERE h.item_id = ? AND ${ACTIVE} ${ORDER}`).bind(itemId).all<HoldRow>()).results;
}

export async function activeHoldsOfOwner(d1: D1Database, ownerId: number): Promise<HoldRow[]> {
  return (
    await d1.prepare(`${HOLD_SELECT} WHERE h.owner_id = ? AND ${ACTIVE} ${ORDER} LIMIT ?`).bind(ownerId, OWNER_HOLDS_MAX).all<HoldRow>()
  ).results;
}

export async function activeHoldsOfBorrower(d1: D1Database, borrowerId: number): Promise<HoldRow[]> {
  return (await d1.prepare(`${HOLD_SELECT} WHERE h.borrower_id = ? AND ${ACTIVE} ${ORDER}`).bind(borrowerId).all<HoldRow>()).results;
}

export async function findHold(d1: D1Database, id: number): Promise<HoldRow | null> {
  return d1.prepare(`${HOLD_SELECT} WHERE h.id = ?`).bind(id).first<HoldRow>();
}

export async function holdsByIds(d1: D1Database, ids: number[]): Promise<HoldRow[]> {
  return (await d1.prepare(`${HOLD_SELECT} WHERE h.id IN (SELECT value FROM json_each(?))`).bind(JSON.stringify(ids)).all<HoldRow>())
    .results;
}

export async function holdByOfferHash(d1: D1Database, hash: string): Promise<HoldRow | null> {
  return d1.prepare(`${HOLD_SELECT} WHERE h.offer_token_hash = ?`).bind(hash).first<HoldRow>();
}

/** Item titles for holds: every property for the owner, public ones for the person waiting. */
export async function holdTitles(db: Db, rows: HoldRow[], audience: 'owner' | 'public'): Promise<(row: HoldRow) => string> {
  const props = (
    await roleProperties(
      db,
      rows.map((r) => r.collection_id),
    )
  ).filter((p) => audience === 'owner' || p.visibility === 0);
  return (row) =>
    itemRoles(
      row.item_data,
      props.filter((p) => p.collectionId === row.collection_id),
    ).title ?? `#${row.item_id}`;
}

export async function toHolds(db: Db, rows: HoldRow[]): Promise<Hold[]> {
  const title = await holdTitles(db, rows, 'owner');
  return rows.map((row) => ({
    id: row.id,
    itemId: row.item_id,
    collectionId: row.collection_id,
    title: title(row),
    state: row.state,
    place: row.place,
    borrower: { id: row.borrower_id, name: row.borrower_name, email: row.borrower_email },
    message: row.message,
    createdAt: row.created_at,
    offeredAt: row.offered_at,
    offerExpiresAt: row.offer_expires_at,
  }));
}
