// A visitor's borrow request (docs/product.md §2 "Borrow request"): a loan in state asked, its borrower found by
// email among the owner's borrowers or created, both in one batch; the requester follows it through a
// private link whose token only the email carries (the database keeps its SHA-256).
import type { Locale } from '@shared/constants';
import { ownerNameIn } from '@worker/lib/person-name';
import { borrowRequestStatus as statusSchema, type BorrowRequestInput, type BorrowRequestStatus } from '@shared/schemas/lending';
import { NOW_SQL } from '@worker/db/now';
import type { Db, Env } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { countAttempt } from '@worker/lib/rate-limit';
import { randomToken, sha256Hex } from '@worker/lib/tokens';
import type { PropertyRow } from '@worker/lib/values';
import { itemRoles } from '../items/items.queries';
import { askAllowed } from './holds.queries';
import { LOAN_SELECT, roleProperties, toLoan, type LoanRow } from './lending.queries';
import { sendOfferTakenToOwner, sendRequestConfirmation, sendRequestToOwner, sendStepToRequester } from './loan-emails';

/** Only properties everyone may see name the item to a requester (who may be anonymous). */
const publicProps = (props: PropertyRow[]) => props.filter((p) => p.visibility === 0);

/** The item's title as the owner (every property) and as the requester (public ones) see it. */
async function itemTitles(db: Db, row: LoanRow): Promise<{ forOwner: string; forRequester: string }> {
  const props = (await roleProperties(db, [row.collection_id])).filter((p) => p.collectionId === row.collection_id);
  const title = (visible: PropertyRow[]) => itemRoles(row.item_data, visible).title ?? `#${row.item_id}`;
  return { forOwner: title(props), forRequester: title(publicProps(props)) };
}

/** Records a request; answers the new loan and the status token (shown only in the requester's email). */
export async function createBorrowRequest(
  d1: D1Database,
  item: { id: number; ownerId: number },
  input: BorrowRequestInput,
  locale: Locale,
): Promise<{ loan: LoanRow; token: string }> {
  const token = randomToken();
  const hash = await sha256Hex(token);
  const [, inserted] = await d1.batch<{ id: number }>([
    // Two requests with the same email at once both find (or one creates) the same borrower.
    d1
      .prepare(
        `INSERT INTO borrowers (owner_id, name, email, locale) VALUES (?, ?, ?, ?)
         ON CONFLICT (owner_id, email) DO UPDATE SET locale = excluded.locale`,
      )
      .bind(item.ownerId, input.name, input.email, locale),
    d1
      .prepare(
        `INSERT INTO loans (item_id, owner_id, borrower_id, state, message, wanted_from, wanted_until, reserved_from, reserved_to, asked_at, locale, status_token_hash)
         SELECT ?1, ?2, b.id, 'asked', ?3, ?4, ?5, ?6, ?7, ${NOW_SQL}, ?8, ?9 FROM borrowers b WHERE b.owner_id = ?2 AND b.email = ?10
           AND ${askAllowed('?1')}
         RETURNING id`,
      )
      .bind(
        item.id,
        item.ownerId,
        input.message ?? null,
        input.wantedFrom ?? null,
        input.wantedUntil ?? null,
        input.reservedFrom ?? null,
        input.reservedTo ?? null,
        locale,
        hash,
        input.email,
      ),
  ]);
  // A copy kept for the person a waiting list offered it to is theirs: the asker joins the list instead.
  const id = inserted!.results[0]?.id;
  if (id === undefined) throw new ApiError('NO_COPY_AVAILABLE');
  const loan = await d1.prepare(`${LOAN_SELECT} WHERE l.id = ?`).bind(id).first<LoanRow>();
  return { loan: loan!, token };
}

/**
 * Confirmations one address receives a day at most: enough for a friend asking for a few items, too few
 * for anyone to use the form to mail a stranger. The sender is told nothing different past it.
 */
export const CONFIRMATIONS_PER_RECIPIENT = 3;

/** Counts one confirmation to the address (kept as its SHA-256); false past the day's allowance. */
async function mayConfirmTo(db: Db, email: string): Promise<boolean> {
  const key = `borrow:recipient:${await sha256Hex(email.toLowerCase())}`;
  const [row] = await countAttempt(db, { key, windowSeconds: 86_400 });
  return (row?.count ?? 0) <= CONFIRMATIONS_PER_RECIPIENT;
}

/** The owner hears of the request; the requester gets the private link, unless that address had its share. */
export async function sendRequestEmails(env: Env, db: Db, loan: LoanRow, token: string) {
  const titles = await itemTitles(db, loan);
  await sendRequestToOwner(env, { loan, title: titles.forOwner, ownerName: loan.owner_name });
  if (!loan.borrower_email || !(await mayConfirmTo(db, loan.borrower_email))) return;
  await sendRequestConfirmation(env, { loan, title: titles.forRequester, ownerName: loan.owner_name }, token);
}

/** After a waiting list's offer was accepted: its owner is told of the accepted request `loanId`. */
export async function notifyOfferTaken(env: Env, db: Db, d1: D1Database, loanId: number) {
  const loan = await d1.prepare(`${LOAN_SELECT} WHERE l.id = ?`).bind(loanId).first<LoanRow>();
  if (!loan) return;
  const titles = await itemTitles(db, loan);
  await sendOfferTakenToOwner(env, { loan, title: titles.forOwner, ownerName: loan.owner_name });
}

/** After the owner accepted, declined, lent or got back a request: the requester is told. */
export async function notifyRequester(env: Env, db: Db, loan: LoanRow) {
  if (!loan.status_token_hash) return;
  const titles = await itemTitles(db, loan);
  await sendStepToRequester(env, { loan, title: titles.forRequester, ownerName: loan.owner_name });
}

async function loanByToken(d1: D1Database, token: string): Promise<LoanRow | null> {
  return d1
    .prepare(`${LOAN_SELECT} WHERE l.status_token_hash = ?`)
    .bind(await sha256Hex(token))
    .first<LoanRow>();
}

/** What the requester's link shows: their own request, never the owner's notes. */
export async function borrowRequestStatus(db: Db, d1: D1Database, token: string, locale: Locale): Promise<BorrowRequestStatus> {
  const row = await loanByToken(d1, token);
  if (!row) throw new ApiError('NOT_FOUND');
  const view = toLoan(row, publicProps(await roleProperties(db, [row.collection_id])));
  // Parsed, not spread: the owner's notes and the borrower's email stay out of the answer.
  return statusSchema.parse({
    ...view,
    ownerName: ownerNameIn(locale, row.owner_name),
    name: row.borrower_name,
    cancellable: row.state === 'asked' || row.state === 'accepted',
  });
}

/** The requester withdraws their request: deleted while asked or accepted, refused once lent or over. */
export async function cancelBorrowRequest(d1: D1Database, token: string): Promise<void> {
  const hash = await sha256Hex(token);
  const deleted = await d1
    .prepare(`DELETE FROM loans WHERE status_token_hash = ? AND state IN ('asked', 'accepted') RETURNING id`)
    .bind(hash)
    .first();
  if (deleted) return;
  const exists = await d1.prepare('SELECT 1 AS found FROM loans WHERE status_token_hash = ?').bind(hash).first();
  throw new ApiError(exists ? 'LOAN_TRANSITION_NOT_ALLOWED' : 'NOT_FOUND');
}
