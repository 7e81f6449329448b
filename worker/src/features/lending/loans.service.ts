// Writes of borrowers and loans. The state machine is docs/product.md's ("Loans", shared/lending.ts): every
// transition is ONE conditional UPDATE whose WHERE names the states it may start from (and, to lend,
// that a copy is left), so two requests racing on the same loan or on the last copy cannot both pass;
// the loser's zero changed rows become a 409 naming why.
import { LOAN_TRANSITIONS, type LoanAction } from '@shared/lending';
import type { CreateBorrowerInput, CreateLoanInput, LoanActionInput, UpdateBorrowerInput, UpdateLoanInput } from '@shared/schemas/lending';
import type { FieldIssue } from '@shared/errors';
import { NOW_SQL } from '@worker/db/now';
import { prepare, raw, sql, type SqlFragment } from '@worker/db/sql-fragment';
import { ApiError } from '@worker/lib/api-error';
import { findBorrower, findLoan, requireLoan, type LoanRow } from './lending.queries';
import { lendRefusal, RESERVATION_FITS, spanFits, todayUtc } from './reservations.service';

/** The database's clock (db/now.ts) in a fragment. */
const NOW = raw(NOW_SQL);
/** Copies of the loan's item not lent, in an UPDATE of `loans`. */
const COPY_LEFT = raw(
  `(SELECT quantity FROM items WHERE id = loans.item_id) > (SELECT count(*) FROM loans x WHERE x.item_id = loans.item_id AND x.state = 'lent')`,
);
/** A due date from a lent-on date and the loan's collection's period, in an UPDATE of `loans`. */
const dueFrom = (lentOn: SqlFragment) =>
  sql`date(${lentOn}, '+' || (SELECT c.loan_period_days FROM items i JOIN collections c ON c.id = i.collection_id WHERE i.id = loans.item_id) || ' days')`;

function fieldError(path: string, reason: string): ApiError {
  const field: FieldIssue = { path, reason, message: '' };
  return new ApiError('VALIDATION_FAILED', { fields: [field] });
}

const isUnique = (error: unknown) =>
  error instanceof Error && /UNIQUE constraint failed/.test(`${error.message} ${String(error.cause ?? '')}`);

/** Today by the Worker's clock, only to check dates people type (the stored dates use the database's). */
const today = () => new Date().toISOString().slice(0, 10);

/** A due date before the day lent is refused, field by field. */
export function checkDates(lentOn: string | null | undefined, dueOn: string | null | undefined, path = 'dueOn') {
  if (dueOn && dueOn < (lentOn ?? today())) throw fieldError(path, 'before_lent_on');
}

// ---------------------------------------------------------------------------------------------------
// Borrowers

export async function createBorrower(d1: D1Database, ownerId: number, input: CreateBorrowerInput): Promise<number> {
  try {
    const row = await d1
      .prepare('INSERT INTO borrowers (owner_id, name, email, phone, notes) VALUES (?, ?, ?, ?, ?) RETURNING id')
      .bind(ownerId, input.name, input.email ?? null, input.phone ?? null, input.notes ?? null)
      .first<{ id: number }>();
    return row!.id;
  } catch (error) {
    if (isUnique(error)) throw new ApiError('BORROWER_EMAIL_TAKEN');
    throw error;
  }
}

/**
 * `UPDATE <table>` of the owner's row: the columns given (undefined ones are kept), a new version and
 * updated_at, checking the version when one is given. Answers whether the row changed.
 */
async function updateOwnedRow(
  d1: D1Database,
  table: 'borrowers' | 'loans',
  ownerId: number,
  id: number,
  columns: Record<string, unknown>,
  version: number | undefined,
): Promise<boolean> {
  const given = Object.entries(columns).filter(([, value]) => value !== undefined);
  const set = [...given.map(([column]) => `${column} = ?`), 'version = version + 1', `updated_at = ${NOW_SQL}`];
  const row = await d1
    .prepare(`UPDATE ${table} SET ${set.join(', ')} WHERE id = ? AND owner_id = ? AND (? IS NULL OR version = ?) RETURNING id`)
    .bind(...given.map(([, value]) => value), id, ownerId, version ?? null, version ?? null)
    .first<{ id: number }>();
  return row !== null;
}

export async function updateBorrower(d1: D1Database, ownerId: number, id: number, input: UpdateBorrowerInput): Promise<void> {
  let updated: boolean;
  try {
    const { name, email, phone, notes } = input;
    updated = await updateOwnedRow(d1, 'borrowers', ownerId, id, { name, email, phone, notes }, input.version);
  } catch (error) {
    if (isUnique(error)) throw new ApiError('BORROWER_EMAIL_TAKEN');
    throw error;
  }
  if (!updated) throw new ApiError((await findBorrower(d1, ownerId, id)) ? 'STALE_WRITE' : 'NOT_FOUND');
}

/** How many loans go with a borrower, and how many of them are lent (which forbids deleting). */
export async function borrowerDeletion(d1: D1Database, borrowerId: number) {
  const row = await d1
    .prepare(
      `SELECT count(*) FILTER (WHERE state = 'lent') AS held, count(*) FILTER (WHERE state <> 'lent') AS other FROM loans WHERE borrower_id = ?`,
    )
    .bind(borrowerId)
    .first<{ held: number; other: number }>();
  return { heldLoans: row?.held ?? 0, otherLoans: row?.other ?? 0 };
}

/** Deletes a borrower with their past loans and requests (ON DELETE CASCADE), unless one is lent. */
export async function deleteBorrower(d1: D1Database, ownerId: number, id: number): Promise<number> {
  const [counted, deleted] = await d1.batch<{ n?: number; id?: number }>([
    d1.prepare('SELECT count(*) AS n FROM loans WHERE borrower_id = ?').bind(id),
    d1
      .prepare(
        `DELETE FROM borrowers WHERE id = ? AND owner_id = ?
         AND NOT EXISTS (SELECT 1 FROM loans WHERE borrower_id = borrowers.id AND state = 'lent') RETURNING id`,
      )
      .bind(id, ownerId),
  ]);
  if (deleted!.results.length === 1) return counted!.results[0]?.n ?? 0;
  throw new ApiError((await findBorrower(d1, ownerId, id)) ? 'BORROWER_HOLDS_ITEMS' : 'NOT_FOUND');
}

// ---------------------------------------------------------------------------------------------------
// Loans

/**
 * The owner records a loan directly as lent: an existing borrower of theirs, or one typed in (found by
 * email, else created; without an email, always created), in one batch. The INSERT only happens while a
 * copy is left now and on each day of the loan (an accepted reservation of the last copy refuses it with
 * 409 RESERVATION_CONFLICT naming the reservation's days; a loan with no due date reaches forever).
 */
/**
 * The INSERT of a direct loan: the item and borrower found (an existing one, else the one just found or
 * made by email, else the row just inserted) while a copy is left now and on each day of the loan.
 */
export function directLoanInsert(ownerId: number, itemId: number, input: CreateLoanInput): SqlFragment {
  const borrowerId = input.borrowerId ?? null;
  const email = input.borrowerId === undefined ? (input.borrower?.email ?? null) : null;
  const lentOn = sql`coalesce(${input.lentOn ?? null}, date('now'))`;
  const dueOn = sql`coalesce(${input.dueOn ?? null}, date(${lentOn}, '+' || c.loan_period_days || ' days'))`;
  return sql`INSERT INTO loans (item_id, owner_id, borrower_id, state, lent_on, due_on, notes, lent_at)
         SELECT i.id, ${ownerId}, b.id, 'lent', ${lentOn}, ${dueOn}, ${input.notes ?? null}, ${NOW}
         FROM items i
         JOIN collections c ON c.id = i.collection_id
         JOIN borrowers b ON b.owner_id = ${ownerId}
           AND (b.id = ${borrowerId} OR (${borrowerId} IS NULL AND (b.email = ${email} OR (${email} IS NULL AND b.id = last_insert_rowid()))))
         WHERE i.id = ${itemId} AND i.quantity > (SELECT count(*) FROM loans x WHERE x.item_id = i.id AND x.state = 'lent')
           AND ${spanFits({ item: raw('i.id'), from: lentOn, to: dueOn })}
         RETURNING id`;
}

export async function createLoan(d1: D1Database, ownerId: number, itemId: number, input: CreateLoanInput): Promise<number> {
  if (input.borrowerId === undefined && input.borrower === undefined) throw fieldError('borrowerId', 'required');
  checkDates(input.lentOn, input.dueOn);
  const inline = input.borrowerId === undefined ? input.borrower! : null;
  const statements = [];
  if (inline) {
    statements.push(
      d1
        .prepare('INSERT INTO borrowers (owner_id, name, email, phone) VALUES (?, ?, ?, ?) ON CONFLICT (owner_id, email) DO NOTHING')
        .bind(ownerId, inline.name, inline.email ?? null, inline.phone ?? null),
    );
  }
  statements.push(prepare(d1, directLoanInsert(ownerId, itemId, input)));
  const results = await d1.batch<{ id: number }>(statements);
  const created = results.at(-1)!.results[0];
  if (created) return created.id;
  if (input.borrowerId !== undefined && !(await findBorrower(d1, ownerId, input.borrowerId))) throw fieldError('borrowerId', 'not_found');
  throw await lendRefusal(d1, itemId, input.lentOn ?? todayUtc(), input.dueOn ?? null, null);
}

export async function updateLoan(d1: D1Database, ownerId: number, id: number, input: UpdateLoanInput): Promise<void> {
  const current = await requireLoan(d1, ownerId, id);
  checkDates(input.lentOn !== undefined ? input.lentOn : current.lent_on, input.dueOn !== undefined ? input.dueOn : current.due_on);
  const wantedFrom = input.wantedFrom !== undefined ? input.wantedFrom : current.wanted_from;
  const wantedUntil = input.wantedUntil !== undefined ? input.wantedUntil : current.wanted_until;
  if (wantedFrom && wantedUntil && wantedUntil < wantedFrom) throw fieldError('wantedUntil', 'before_wanted_from');
  if (input.borrowerId !== undefined && !(await findBorrower(d1, ownerId, input.borrowerId))) throw fieldError('borrowerId', 'not_found');
  const columns = {
    borrower_id: input.borrowerId,
    lent_on: input.lentOn,
    due_on: input.dueOn,
    returned_on: input.returnedOn,
    wanted_from: input.wantedFrom,
    wanted_until: input.wantedUntil,
    notes: input.notes,
  };
  if (!(await updateOwnedRow(d1, 'loans', ownerId, id, columns, input.version))) {
    throw new ApiError((await findLoan(d1, ownerId, id)) ? 'STALE_WRITE' : 'NOT_FOUND');
  }
}

/** What each action writes besides the state (its date stamps), with its bound values. */
interface ActionChanges {
  set: SqlFragment;
  copyLeft: boolean;
  /** An accepted reservation must still fit (RESERVATION_FITS). */
  fits?: boolean;
  /** The span a lending takes, which must leave accepted reservations a copy (spanFits). */
  span?: SqlFragment;
}

function actionChanges(action: LoanAction, input: LoanActionInput): ActionChanges {
  switch (action) {
    case 'accept':
      // A reservation is accepted only while a copy is free on each of its days.
      return { set: sql`accepted_at = ${NOW}`, copyLeft: false, fits: true };
    case 'reject':
      return { set: sql`rejected_at = ${NOW}, response = ${input.response ?? null}`, copyLeft: false };
    case 'lend': {
      // A reservation lends over its own days unless the owner names others.
      const lentOn = sql`coalesce(${input.lentOn ?? null}, loans.reserved_from, date('now'))`;
      const dueOn = sql`coalesce(${input.dueOn ?? null}, loans.reserved_to, ${dueFrom(sql`coalesce(${input.lentOn ?? null}, date('now'))`)})`;
      return {
        set: sql`lent_at = ${NOW}, lent_on = ${lentOn}, due_on = ${dueOn}`,
        copyLeft: true,
        span: spanFits({ item: raw('loans.item_id'), from: lentOn, to: dueOn, self: raw('loans.id') }),
      };
    }
    case 'return':
      return { set: sql`returned_at = ${NOW}, returned_on = coalesce(${input.returnedOn ?? null}, date('now'))`, copyLeft: false };
  }
}

/**
 * The conditional UPDATE of one action: from the states it may start from, at the version given (if
 * one is), with a copy left, the reservation still fitting or the span free as the action needs.
 */
export function transitionUpdate(ownerId: number, id: number, action: LoanAction, input: LoanActionInput): SqlFragment {
  const { from, to } = LOAN_TRANSITIONS[action];
  const change = actionChanges(action, input);
  const version = input.version ?? null;
  const none = raw('');
  return sql`UPDATE loans SET state = ${to}, ${change.set}, version = version + 1, updated_at = ${NOW}
       WHERE id = ${id} AND owner_id = ${ownerId} AND state IN (SELECT value FROM json_each(${JSON.stringify(from)})) AND (${version} IS NULL OR version = ${version})
       ${change.copyLeft ? sql`AND ${COPY_LEFT}` : none} ${change.fits ? sql`AND ${RESERVATION_FITS}` : none}
       ${change.span ? sql`AND ${change.span}` : none} RETURNING id`;
}

/**
 * Moves a loan on by one action. Answers the loan after it; 409 LOAN_TRANSITION_NOT_ALLOWED when its
 * state does not allow the action (or changed meanwhile), NO_COPY_AVAILABLE when lending finds every
 * copy out, RESERVATION_CONFLICT when accepting a reservation finds a day of it booked or when lending
 * would take the copy an accepted reservation counts on, STALE_WRITE
 * when a version was given and the loan moved on.
 */
export async function transitionLoan(
  d1: D1Database,
  ownerId: number,
  id: number,
  action: LoanAction,
  input: LoanActionInput,
): Promise<LoanRow> {
  if (action === 'lend') checkDates(input.lentOn, input.dueOn);
  const { from } = LOAN_TRANSITIONS[action];
  const version = input.version ?? null;
  const row = await prepare(d1, transitionUpdate(ownerId, id, action, input)).first<{ id: number }>();
  const after = await findLoan(d1, ownerId, id);
  if (row) return after!;
  if (!after) throw new ApiError('NOT_FOUND');
  if (!from.includes(after.state)) throw new ApiError('LOAN_TRANSITION_NOT_ALLOWED');
  if (version !== null && after.version !== version) throw new ApiError('STALE_WRITE');
  if (action === 'accept') throw new ApiError('RESERVATION_CONFLICT');
  throw await lendRefusal(d1, after.item_id, input.lentOn ?? after.reserved_from ?? todayUtc(), input.dueOn ?? after.reserved_to, after.id);
}

export async function deleteLoan(d1: D1Database, ownerId: number, id: number): Promise<void> {
  const row = await d1.prepare('DELETE FROM loans WHERE id = ? AND owner_id = ? RETURNING id').bind(id, ownerId).first();
  if (!row) throw new ApiError('NOT_FOUND');
}
