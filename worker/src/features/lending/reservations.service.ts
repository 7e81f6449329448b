// Reservations (shared/lending.ts): the checks of a requested range, the SQL that decides whether an
// accepted reservation still fits, and the item's availability calendar.
import { RESERVATION_AHEAD_DAYS_MAX, type LoanState } from '@shared/lending';
import type { FieldIssue } from '@shared/errors';
import type { DayRange, ItemCalendar } from '@shared/schemas/reservations';
import { prepare, raw, sql, type SqlFragment } from '@worker/db/sql-fragment';
import { ApiError } from '@worker/lib/api-error';

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** The instance's date (UTC), as the database's date('now') that loans stamp. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

function refuse(path: string, reason: string, maximum?: number): never {
  const field: FieldIssue = { path, reason, message: '', ...(maximum !== undefined && { maximum }) };
  throw new ApiError('VALIDATION_FAILED', { fields: [field] });
}

/** A requested range, refused field by field: both or neither, from today on, within reach and the loan period. */
export function checkReservation(range: { reservedFrom?: string | null; reservedTo?: string | null }, loanPeriodDays: number) {
  const { reservedFrom: from, reservedTo: to } = range;
  if (!from && !to) return;
  if (!from) refuse('reservedFrom', 'required');
  if (!to) refuse('reservedTo', 'required');
  const today = dayNumber(todayUtc());
  if (dayNumber(from) < today) refuse('reservedFrom', 'before_today');
  if (dayNumber(from) > today + RESERVATION_AHEAD_DAYS_MAX) refuse('reservedFrom', 'reservation_too_far', RESERVATION_AHEAD_DAYS_MAX);
  if (to < from) refuse('reservedTo', 'before_reserved_from');
  if (dayNumber(to) - dayNumber(from) > loanPeriodDays) refuse('reservedTo', 'reservation_too_long', loanPeriodDays);
}

// The span a loan `a` takes a copy for: a lent loan from lent on to due (to today while overdue; open
// when it has no due date), an accepted reservation over its days. Undated accepted requests take none.
// `a` is an alias the code writes.
const takes = (a: string) => raw(`(${a}.state = 'lent' OR (${a}.state = 'accepted' AND ${a}.reserved_from IS NOT NULL))`);
const start = (a: string) => raw(`(CASE WHEN ${a}.state = 'lent' THEN coalesce(${a}.lent_on, '0000-01-01') ELSE ${a}.reserved_from END)`);
const end = (a: string) =>
  raw(`(CASE WHEN ${a}.state = 'lent' THEN max(coalesce(${a}.due_on, '9999-12-31'), date('now')) ELSE ${a}.reserved_to END)`);

/**
 * In an UPDATE of `loans`: the row's reservation (if it has one) still finds a copy free on each of its
 * days. The busiest day of a range is its first or a day another loan starts on, so only those are
 * counted: for each, the other loans taking a copy that day must be fewer than the item's quantity.
 */
export const RESERVATION_FITS = sql`(loans.reserved_from IS NULL OR NOT EXISTS (
  SELECT 1 FROM loans y
  WHERE y.item_id = loans.item_id
    AND (y.id = loans.id OR (${takes('y')} AND ${start('y')} > loans.reserved_from AND ${start('y')} <= loans.reserved_to))
    AND (SELECT count(*) FROM loans x
         WHERE x.item_id = loans.item_id AND x.id <> loans.id AND ${takes('x')}
           AND ${start('x')} <= (CASE WHEN y.id = loans.id THEN loans.reserved_from ELSE ${start('y')} END)
           AND ${end('x')} >= (CASE WHEN y.id = loans.id THEN loans.reserved_from ELSE ${start('y')} END))
        >= (SELECT quantity FROM items WHERE id = loans.item_id)))`;

/** A loan's span for spanFits: the item, its first day, its last (NULL: open-ended), and the loan left aside. */
export interface LoanSpan {
  item: SqlFragment;
  from: SqlFragment;
  to: SqlFragment;
  self?: SqlFragment;
}

/**
 * A loan of `item` over `from`..`to` (a `to` that is NULL is open-ended) finds a copy free on each of its days,
 * loan `self` aside: as RESERVATION_FITS, the busiest day is the first or one another loan starts on,
 * and only those are counted. The owner's direct lending uses it so a loan cannot take the copy an
 * accepted reservation counts on. Each part is a fragment with its own values, repeated with them.
 */
export function spanFits({ item, from, to, self = raw('NULL') }: LoanSpan): SqlFragment {
  return sql`NOT EXISTS (
  SELECT 1 FROM (SELECT ${from} AS f, coalesce(${to}, '9999-12-31') AS t) span
  JOIN (SELECT ${start('y')} AS day FROM loans y WHERE y.item_id = ${item} AND y.id IS NOT ${self} AND ${takes('y')}
        UNION ALL SELECT NULL) d ON d.day IS NULL OR (d.day > span.f AND d.day <= span.t)
  WHERE (SELECT count(*) FROM loans x
         WHERE x.item_id = ${item} AND x.id IS NOT ${self} AND ${takes('x')}
           AND ${start('x')} <= coalesce(d.day, span.f) AND ${end('x')} >= coalesce(d.day, span.f))
        >= (SELECT quantity FROM items WHERE id = ${item}))`;
}

/**
 * The statement behind lendRefusal: whether a copy is left now, and the first accepted reservation
 * (other than loan `exceptId`) meeting `from`..`to`.
 */
export function lendRefusalQuery(itemId: number, from: string, to: string | null, exceptId: number | null): SqlFragment {
  return sql`SELECT (SELECT quantity FROM items WHERE id = ${itemId}) > (SELECT count(*) FROM loans WHERE item_id = ${itemId} AND state = 'lent') AS copy_left,
        r.reserved_from, r.reserved_to
       FROM (SELECT 1) LEFT JOIN loans r ON r.item_id = ${itemId} AND r.state = 'accepted' AND r.reserved_from IS NOT NULL
         AND r.id IS NOT ${exceptId} AND r.reserved_to >= ${from} AND (${to} IS NULL OR r.reserved_from <= ${to})
       ORDER BY r.reserved_from LIMIT 1`;
}

/**
 * Why a loan of the item from `from` (to `to`, or open-ended) was refused once no conflicting
 * statement passed: every copy is out now, else the first accepted reservation meeting its days, named
 * with them so the owner can pick a due date before it.
 */
export async function lendRefusal(d1: D1Database, itemId: number, from: string, to: string | null, exceptId: number | null) {
  const row = await prepare(d1, lendRefusalQuery(itemId, from, to, exceptId)).first<{
    copy_left: number;
    reserved_from: string | null;
    reserved_to: string | null;
  }>();
  if (!row?.copy_left) return new ApiError('NO_COPY_AVAILABLE');
  if (!row.reserved_from) return new ApiError('RESERVATION_CONFLICT');
  const booked = { from: row.reserved_from, to: row.reserved_to! };
  const field: FieldIssue = { path: 'dueOn', reason: 'meets_reservation', message: '', booked };
  return new ApiError('RESERVATION_CONFLICT', { fields: [field], values: booked });
}

/** The first and last days of `months` months from `month` (YYYY-MM). */
export function monthsSpan(month: string, months: number): DayRange {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(year, index - 1, 1));
  const to = new Date(Date.UTC(year, index - 1 + months, 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

interface SpanRow {
  id: number;
  state: LoanState;
  start: string;
  end: string;
  borrower_name: string;
}

/**
 * The days of `window` where every copy of the item is taken, as runs; with `withNames`, the loans
 * taking them too. One query on the item's loans: its lent ones (at most its quantity) and the accepted
 * reservations meeting the window.
 */
export async function itemCalendar(
  d1: D1Database,
  item: { id: number; quantity: number },
  window: DayRange,
  withNames: boolean,
): Promise<ItemCalendar> {
  const { results } = await prepare(
    d1,
    sql`SELECT l.id, l.state, ${start('l')} AS start, ${end('l')} AS end, b.name AS borrower_name
       FROM loans l JOIN borrowers b ON b.id = l.borrower_id
       WHERE l.item_id = ${item.id} AND l.state IN ('lent', 'accepted') AND ${takes('l')} AND ${start('l')} <= ${window.to} AND ${end('l')} >= ${window.from}
       ORDER BY start, l.id`,
  ).all<SpanRow>();
  const first = dayNumber(window.from);
  const taken = new Array<number>(dayNumber(window.to) - first + 1).fill(0);
  for (const row of results) {
    const from = Math.max(first, dayNumber(row.start));
    const to = Math.min(first + taken.length - 1, dayNumber(row.end));
    for (let day = from; day <= to; day++) taken[day - first]! += 1;
  }
  const booked: DayRange[] = [];
  taken.forEach((count, offset) => {
    if (count < item.quantity) return;
    const day = dayOf(first + offset);
    const last = booked.at(-1);
    if (last && dayNumber(last.to) === first + offset - 1) last.to = day;
    else booked.push({ from: day, to: day });
  });
  const bookings = withNames
    ? results.map((r) => ({ loanId: r.id, state: r.state, borrowerName: r.borrower_name, from: r.start, to: r.end }))
    : null;
  return { ...window, quantity: item.quantity, booked, bookings };
}
