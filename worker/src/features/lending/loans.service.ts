// Writes of borrowers and loans. The state machine is docs/product.md's ("Loans", shared/lending.ts): every
// transition is ONE conditional UPDATE whose WHERE names the states it may start from (and, to lend,
// that a copy is left), so two requests racing on the same loan or on the last copy cannot both pass;
// the loser's zero changed rows become a 409 naming why.
import { LOAN_TRANSITIONS, type LoanAction } from '@shared/lending';
import type { CreateBorrowerInput, CreateLoanInput, LoanActionInput, UpdateBorrowerInput, UpdateLoanInput } from '@shared/schemas/lending';
import type { FieldIssue } from '@shared/errors';
import { NOW_SQL } from '@worker/db/now';
import { ApiError } from '@worker/lib/api-error';
import { findBorrower, findLoan, requireLoan, type LoanRow } from './lending.queries';
import { lendRefusal, RESERVATION_FITS, spanFits, todayUtc } from './reservations.service';

/** Copies of the loan's item not lent, in an UPDATE of `loans`. */
const COPY_LEFT = `(SELECT quantity FROM items WHERE id = loans.item_id) > (SELECT count(*) FROM loans x WHERE x.item_id = loans.item_id AND x.state = 'lent')`;
/** A due date from a lent-on date (?N) and the loan's collection's period. */
const dueFrom = (lentOn: string) =>
  `date(${lentOn}, '+' || (SELECT c.loan_period_days FROM items i JOIN collections c ON c.id = i.collection_id WHERE i.id = loans.item_id) || ' days')`;

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
  statements.push(
    d1
      .prepare(
        `INSERT INTO loans (item_id, owner_id, borrower_id, state, lent_on, due_on, notes, lent_at)
         SELECT i.id, ?1, b.id, 'lent', coalesce(?3, date('now')),
           coalesce(?4, date(coalesce(?3, date('now')), '+' || c.loan_period_days || ' days')), ?5, ${NOW_SQL}
         FROM items i
         JOIN collections c ON c.id = i.collection_id
         JOIN borrowers b ON b.owner_id = ?1
           AND (b.id = ?6 OR (?6 IS NULL AND (b.email = ?7 OR (?7 IS NULL AND b.id = last_insert_rowid()))))
         WHERE i.id = ?2 AND i.quantity > (SELECT count(*) FROM loans x WHERE x.item_id = i.id AND x.state = 'lent')
           AND ${spanFits('i.id', `coalesce(?3, date('now'))`, `coalesce(?4, date(coalesce(?3, date('now')), '+' || c.loan_period_days || ' days'))`)}
         RETURNING id`,
      )
      .bind(
        ownerId,
        itemId,
        input.lentOn ?? null,
        input.dueOn ?? null,
        input.notes ?? null,
        input.borrowerId ?? null,
        inline?.email ?? null,
      ),
  );
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
  set: string;
  binds: unknown[];
  copyLeft: boolean;
  /** An accepted reservation must still fit (RESERVATION_FITS). */
  fits?: boolean;
  /** The span a lending takes, which must leave accepted reservations a copy (spanFits), with its binds. */
  span?: { sql: string; binds: unknown[] };
}

function actionChanges(action: LoanAction, input: LoanActionInput): ActionChanges {
  switch (action) {
    case 'accept':
      // A reservation is accepted only while a copy is free on each of its days.
      return { set: `accepted_at = ${NOW_SQL}`, binds: [], copyLeft: false, fits: true };
    case 'reject':
      return { set: `rejected_at = ${NOW_SQL}, response = ?`, binds: [input.response ?? null], copyLeft: false };
    case 'lend': {
      // A reservation lends over its own days unless the owner names others.
      const lentOn = `coalesce(?, loans.reserved_from, date('now'))`;
      const dueOn = `coalesce(?, loans.reserved_to, ${dueFrom(`coalesce(?, date('now'))`)})`;
      const binds = [input.lentOn ?? null, input.dueOn ?? null, input.lentOn ?? null];
      return {
        set: `lent_at = ${NOW_SQL}, lent_on = ${lentOn}, due_on = ${dueOn}`,
        binds,
        copyLeft: true,
        span: { sql: spanFits('loans.item_id', lentOn, dueOn, 'loans.id'), binds },
      };
    }
    case 'return':
      return {
        set: `returned_at = ${NOW_SQL}, returned_on = coalesce(?, date('now'))`,
        binds: [input.returnedOn ?? null],
        copyLeft: false,
      };
  }
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
  const { from, to } = LOAN_TRANSITIONS[action];
  const change = actionChanges(action, input);
  const version = input.version ?? null;
  const row = await d1
    .prepare(
      `UPDATE loans SET state = ?, ${change.set}, version = version + 1, updated_at = ${NOW_SQL}
       WHERE id = ? AND owner_id = ? AND state IN (SELECT value FROM json_each(?)) AND (? IS NULL OR version = ?)
       ${change.copyLeft ? `AND ${COPY_LEFT}` : ''} ${change.fits ? `AND ${RESERVATION_FITS}` : ''}
       ${change.span ? `AND ${change.span.sql}` : ''} RETURNING id`,
    )
    .bind(to, ...change.binds, id, ownerId, JSON.stringify(from), version, version, ...(change.span?.binds ?? []))
    .first<{ id: number }>();
  const after = await findLoan(d1, ownerId, id);
  if (row) return after!;
  if (!after) throw new ApiError('NOT_FOUND');
  if (!from.includes(after.state)) throw new ApiError('LOAN_TRANSITION_NOT_ALLOWED');
  if (version !== null && after.version !== version) throw new ApiError('STALE_WRITE');
  if (change.fits) throw new ApiError('RESERVATION_CONFLICT');
  throw await lendRefusal(d1, after.item_id, input.lentOn ?? after.reserved_from ?? todayUtc(), input.dueOn ?? after.reserved_to, after.id);
}

export async function deleteLoan(d1: D1Database, ownerId: number, id: number): Promise<void> {
  const row = await d1.prepare('DELETE FROM loans WHERE id = ? AND owner_id = ? RETURNING id').bind(id, ownerId).first();
  if (!row) throw new ApiError('NOT_FOUND');
}
