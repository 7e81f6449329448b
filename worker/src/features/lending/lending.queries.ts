// Reading borrowers and loans, always for one owner: the owner's id is part of every WHERE, so another
// user's borrower or loan is simply not found (404).
import { and, eq, inArray, or } from 'drizzle-orm';
import { LEGACY_ADMIN_FIRST_NAME } from '@shared/admin-name';
import { BUILTIN_ADMIN_USERNAME } from '@shared/constants';
import type { LoanState, RenewalState } from '@shared/lending';
import type { LendingPreferences } from '@shared/schemas/borrower-page';
import type { Borrower, Loan } from '@shared/schemas/lending';
import { properties } from '@worker/db/schema';
import type { Db, Env } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import type { PropertyRow } from '@worker/lib/values';
import { itemRoles } from '../items/items.queries';
import { instanceIdentity } from '../settings/settings.service';
import { ownerFeedSecret } from './borrower-links.service';

/** `borrowers` with the counts the lists show. */
export interface BorrowerRow {
  id: number;
  owner_id: number;
  name: string;
  email: string | null;
  phone: string | null;
  notes: string | null;
  locale: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  current_loans: number;
  overdue_loans: number;
  pending_requests: number;
}

const BORROWER_COLUMNS = `b.*,
  (SELECT count(*) FROM loans l WHERE l.borrower_id = b.id AND l.state = 'lent') AS current_loans,
  (SELECT count(*) FROM loans l WHERE l.borrower_id = b.id AND l.state = 'lent' AND l.due_on < date('now')) AS overdue_loans,
  (SELECT count(*) FROM loans l WHERE l.borrower_id = b.id AND l.state IN ('asked', 'accepted')) AS pending_requests`;

export function toBorrower(row: BorrowerRow): Borrower {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    currentLoans: row.current_loans,
    overdueLoans: row.overdue_loans,
    pendingRequests: row.pending_requests,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The owner's borrowers whose name or email contains `q` (case-insensitive), by name. */
export async function listBorrowers(d1: D1Database, ownerId: number, q: string | undefined): Promise<Borrower[]> {
  const needle = q?.trim().toLowerCase() || null;
  const { results } = await d1
    .prepare(
      `SELECT ${BORROWER_COLUMNS} FROM borrowers b
       WHERE b.owner_id = ?1 AND (?2 IS NULL OR instr(lower(b.name), ?2) > 0 OR instr(coalesce(b.email, ''), ?2) > 0)
       ORDER BY lower(b.name), b.id`,
    )
    .bind(ownerId, needle)
    .all<BorrowerRow>();
  return results.map(toBorrower);
}

/**
 * The owner's borrowers a member lending from one of the owner's collections may name: those who
 * borrowed, asked for or waited for an item of it. Not the owner's whole address book (the member
 * shares one collection, not the owner's other lending), nor the owner's notes and phone numbers; the
 * counts are of this collection's loans only.
 */
export async function borrowersOfCollection(d1: D1Database, ownerId: number, collectionId: number): Promise<Borrower[]> {
  const here = `l.borrower_id = b.id AND l.item_id IN (SELECT id FROM items WHERE collection_id = ?2)`;
  const { results } = await d1
    .prepare(
      `SELECT b.id, b.owner_id, b.name, b.email, NULL AS phone, NULL AS notes, b.locale, b.version, b.created_at, b.updated_at,
         (SELECT count(*) FROM loans l WHERE ${here} AND l.state = 'lent') AS current_loans,
         (SELECT count(*) FROM loans l WHERE ${here} AND l.state = 'lent' AND l.due_on < date('now')) AS overdue_loans,
         (SELECT count(*) FROM loans l WHERE ${here} AND l.state IN ('asked', 'accepted')) AS pending_requests
       FROM borrowers b
       WHERE b.owner_id = ?1 AND (EXISTS (SELECT 1 FROM loans l WHERE ${here})
         OR EXISTS (SELECT 1 FROM holds h WHERE h.borrower_id = b.id AND h.item_id IN (SELECT id FROM items WHERE collection_id = ?2)))
       ORDER BY lower(b.name), b.id`,
    )
    .bind(ownerId, collectionId)
    .all<BorrowerRow>();
  return results.map(toBorrower);
}

export async function findBorrower(d1: D1Database, ownerId: number, id: number): Promise<BorrowerRow | null> {
  return d1.prepare(`SELECT ${BORROWER_COLUMNS} FROM borrowers b WHERE b.id = ? AND b.owner_id = ?`).bind(id, ownerId).first<BorrowerRow>();
}

export async function requireBorrower(d1: D1Database, ownerId: number, id: number): Promise<BorrowerRow> {
  const row = await findBorrower(d1, ownerId, id);
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

/** A loan with what its lists show: the borrower, the item's collection and cached data. */
export interface LoanRow {
  id: number;
  item_id: number;
  owner_id: number;
  borrower_id: number;
  state: LoanState;
  message: string | null;
  notes: string | null;
  response: string | null;
  wanted_from: string | null;
  wanted_until: string | null;
  reserved_from: string | null;
  reserved_to: string | null;
  lent_on: string | null;
  due_on: string | null;
  returned_on: string | null;
  asked_at: string | null;
  accepted_at: string | null;
  rejected_at: string | null;
  lent_at: string | null;
  returned_at: string | null;
  locale: string | null;
  status_token_hash: string | null;
  renewal_state: RenewalState | null;
  renewal_due_on: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  borrower_name: string;
  borrower_email: string | null;
  borrower_locale: string | null;
  collection_id: number;
  collection_name: string;
  item_data: string;
  item_quantity: number;
  /**
   * The owner as loan emails name and reach them (the name: first and last, else the username); null for
   * the built-in administrator without a name, named in each email's language (ownerNameIn).
   */
  owner_name: string | null;
  owner_email: string | null;
  owner_locale: string | null;
  /** 1 when lent and past its due date by the database's date. */
  overdue: number;
}

export const LOAN_SELECT = `SELECT l.*, b.name AS borrower_name, b.email AS borrower_email, b.locale AS borrower_locale,
    i.collection_id, i.data AS item_data, i.quantity AS item_quantity, c.name AS collection_name,
    CASE WHEN u.username = '${BUILTIN_ADMIN_USERNAME}' AND coalesce(u.first_name, '') IN ('', '${LEGACY_ADMIN_FIRST_NAME}') AND coalesce(u.last_name, '') = '' THEN NULL
      ELSE coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) END AS owner_name,
    u.email AS owner_email, u.locale AS owner_locale,
    (l.state = 'lent' AND l.due_on IS NOT NULL AND l.due_on < date('now')) AS overdue
  FROM loans l
  JOIN borrowers b ON b.id = l.borrower_id
  JOIN items i ON i.id = l.item_id
  JOIN collections c ON c.id = i.collection_id
  JOIN users u ON u.id = l.owner_id`;

/** The title, cover and reference properties of the collections the loans belong to, in one query. */
export async function roleProperties(db: Db, collectionIds: number[]): Promise<PropertyRow[]> {
  const ids = [...new Set(collectionIds)];
  if (ids.length === 0) return [];
  return db
    .select()
    .from(properties)
    .where(
      and(
        inArray(properties.collectionId, ids),
        or(eq(properties.isTitle, true), eq(properties.isCover, true), eq(properties.isReference, true)),
      ),
    );
}

type Overlap = Loan['overlaps'][number];

export function toLoan(row: LoanRow, props: PropertyRow[], overlaps: Overlap[] = []): Loan {
  const roles = itemRoles(
    row.item_data,
    props.filter((p) => p.collectionId === row.collection_id),
  );
  return {
    id: row.id,
    state: row.state,
    item: {
      id: row.item_id,
      collectionId: row.collection_id,
      collectionName: row.collection_name,
      title: roles.title,
      cover: roles.cover,
      reference: roles.reference,
    },
    borrower: { id: row.borrower_id, name: row.borrower_name, email: row.borrower_email },
    message: row.message,
    notes: row.notes,
    response: row.response,
    wantedFrom: row.wanted_from,
    wantedUntil: row.wanted_until,
    reservedFrom: row.reserved_from ?? null,
    reservedTo: row.reserved_to ?? null,
    lentOn: row.lent_on,
    dueOn: row.due_on,
    returnedOn: row.returned_on,
    askedAt: row.asked_at,
    acceptedAt: row.accepted_at,
    rejectedAt: row.rejected_at,
    lentAt: row.lent_at,
    returnedAt: row.returned_at,
    overdue: row.overdue === 1,
    renewal: row.renewal_state ?? null,
    renewalDueOn: row.renewal_due_on ?? null,
    overlaps,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Loans as the API answers them: the role properties are read once for all of them. */
export async function toLoans(db: Db, rows: LoanRow[]): Promise<Loan[]> {
  const props = await roleProperties(
    db,
    rows.map((r) => r.collection_id),
  );
  return rows.map((row) => toLoan(row, props));
}

export async function findLoan(d1: D1Database, ownerId: number, id: number): Promise<LoanRow | null> {
  return d1.prepare(`${LOAN_SELECT} WHERE l.id = ? AND l.owner_id = ?`).bind(id, ownerId).first<LoanRow>();
}

/** Whose loan it is and in which collection: for an editor acting on a loan of a collection shared with them. */
export async function findLoanPlace(d1: D1Database, id: number): Promise<{ owner_id: number; collection_id: number } | null> {
  return d1
    .prepare('SELECT l.owner_id, i.collection_id FROM loans l JOIN items i ON i.id = l.item_id WHERE l.id = ?')
    .bind(id)
    .first<{ owner_id: number; collection_id: number }>();
}

export async function requireLoan(d1: D1Database, ownerId: number, id: number): Promise<LoanRow> {
  const row = await findLoan(d1, ownerId, id);
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

type SpanFields = 'state' | 'lent_on' | 'due_on' | 'wanted_from' | 'wanted_until' | 'reserved_from' | 'reserved_to';

/** The span a loan or request takes: lent on → due (lent), else its reservation, else the wanted dates. */
function span(row: Pick<LoanRow, SpanFields>) {
  if (row.state === 'lent') return { from: row.lent_on, until: row.due_on };
  if (row.reserved_from) return { from: row.reserved_from, until: row.reserved_to };
  return { from: row.wanted_from, until: row.wanted_until };
}

/** Open ends reach forever: an undated span overlaps everything. */
function overlapsSpan(a: { from: string | null; until: string | null }, b: { from: string | null; until: string | null }) {
  return (a.from === null || b.until === null || a.from <= b.until) && (b.from === null || a.until === null || b.from <= a.until);
}

/**
 * For a request with wanted dates: the other accepted requests and lent loans of the same item whose
 * dates meet them, which the owner sees before accepting.
 */
export async function overlapsOf(d1: D1Database, row: LoanRow): Promise<Overlap[]> {
  if ((row.state !== 'asked' && row.state !== 'accepted') || (!row.wanted_from && !row.wanted_until && !row.reserved_from)) return [];
  const { results } = await d1
    .prepare(
      `SELECT l.id, l.state, l.lent_on, l.due_on, l.wanted_from, l.wanted_until, l.reserved_from, l.reserved_to, b.name AS borrower_name
       FROM loans l JOIN borrowers b ON b.id = l.borrower_id
       WHERE l.item_id = ? AND l.id <> ? AND l.state IN ('accepted', 'lent') ORDER BY l.id`,
    )
    .bind(row.item_id, row.id)
    .all<Pick<LoanRow, 'id' | SpanFields> & { borrower_name: string }>();
  const wanted = span(row);
  return results
    .filter((other) => overlapsSpan(wanted, span(other)))
    .map((other) => ({ id: other.id, state: other.state, borrowerName: other.borrower_name, ...span(other) }));
}

/** Every loan and request of an item, newest first. */
export async function loansOfItem(d1: D1Database, ownerId: number, itemId: number): Promise<LoanRow[]> {
  const { results } = await d1
    .prepare(`${LOAN_SELECT} WHERE l.item_id = ? AND l.owner_id = ? ORDER BY l.created_at DESC, l.id DESC`)
    .bind(itemId, ownerId)
    .all<LoanRow>();
  return results;
}

/** A borrower's loans: current first (lent, then requests), then the rest, newest first. */
export async function loansOfBorrower(d1: D1Database, ownerId: number, borrowerId: number): Promise<LoanRow[]> {
  const { results } = await d1
    .prepare(
      `${LOAN_SELECT} WHERE l.borrower_id = ? AND l.owner_id = ?
       ORDER BY CASE l.state WHEN 'lent' THEN 0 WHEN 'accepted' THEN 1 WHEN 'asked' THEN 2 ELSE 3 END, l.created_at DESC, l.id DESC`,
    )
    .bind(borrowerId, ownerId)
    .all<LoanRow>();
  return results;
}

/** The owner's open loans and requests (asked, accepted, lent): the lending overview, in one query. */
/**
 * The open loans a user manages: their own, and those of the collections shared with them as editor or
 * co-owner (who lend its items too). Two indexed halves rather than one OR, which no index serves. The
 * second reads the open loans of those collections' owners only (by owner and state): found by state
 * alone, it read every open loan of the instance with its borrower and item before testing the
 * collection: 4,210 rows for the bench's overview of 200 loans, whose owner is no one's member; 1,007 so.
 */
export async function openLoans(d1: D1Database, userId: number): Promise<LoanRow[]> {
  const { results } = await d1
    .prepare(
      `${LOAN_SELECT} WHERE l.owner_id = ?1 AND l.state IN ('asked', 'accepted', 'lent')
       UNION ALL
       ${LOAN_SELECT} WHERE l.state IN ('asked', 'accepted', 'lent') AND l.owner_id <> ?1
         AND l.owner_id IN (SELECT k.owner_id FROM collection_members m JOIN collections k ON k.id = m.collection_id
           WHERE m.user_id = ?1 AND m.role IN ('editor', 'co_owner'))
         AND i.collection_id IN (SELECT collection_id FROM collection_members WHERE user_id = ?1 AND role IN ('editor', 'co_owner'))
       ORDER BY id`,
    )
    .bind(userId)
    .all<LoanRow>();
  return results;
}

/** The address of a feed, built from the instance's public URL (never from the request's Host). */
export async function feedUrl(env: Pick<Env, 'DB' | 'APP_URL'>, secret: string): Promise<string> {
  const { baseUrl } = await instanceIdentity(env);
  return new URL(`/api/v1/calendar/${secret}.ics`, baseUrl ?? 'https://invalid.localhost').href;
}

/**
 * The owner's calendar address and digest choice: shown with their loans (GET /lending), and answered
 * again when they change the digest (PATCH /lending/preferences, saveOwnerDigest).
 */
export async function ownerPreferences(env: Pick<Env, 'APP_SECRET' | 'APP_URL' | 'DB'>, userId: number): Promise<LendingPreferences> {
  const [secret, row] = await Promise.all([
    ownerFeedSecret(env, userId),
    env.DB.prepare('SELECT digest FROM owner_lending_preferences WHERE user_id = ?')
      .bind(userId)
      .first<Pick<LendingPreferences, 'digest'>>(),
  ]);
  return { feedUrl: secret ? await feedUrl(env, secret) : null, digest: row?.digest ?? 'off' };
}
