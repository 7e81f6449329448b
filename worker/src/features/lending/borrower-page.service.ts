// What a borrower's private page shows and does: their own loans with this owner only (every query names
// the borrower the secret opened), a renewal asked by one conditional statement, the "send me my link"
// email, and the calendar feeds of due dates.
import type { Locale } from '@shared/constants';
import { isLocale } from '@shared/constants';
import type { BorrowerPage, BorrowerPageLoan } from '@shared/schemas/borrower-page';
import { NOW_SQL } from '@worker/db/now';
import type { Db, Env } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { composeEmail, sendEmail } from '@worker/lib/email';
import { ownerNameIn } from '@worker/lib/person-name';
import { translate } from '@worker/i18n/messages';
import { itemRoles } from '../items/items.queries';
import { instanceIdentity } from '../settings/settings.service';
import {
  borrowerFeedSecret,
  borrowerOfFeedSecret,
  borrowerOfPageSecret,
  borrowerPageSecret,
  ownerOfFeedSecret,
} from './borrower-links.service';
import { loanCalendar, type DueLoan } from './calendar-feed';
import { feedUrl, LOAN_SELECT, loansOfBorrower, roleProperties, type LoanRow } from './lending.queries';

type Row = LoanRow & { renewal_state: BorrowerPageLoan['renewal']; renewal_due_on: string | null };

/** Titles as a visitor sees them: a borrower may not have an account, so only public properties name items. */
async function publicTitles(db: Db, rows: LoanRow[]): Promise<(row: LoanRow) => string> {
  const props = (
    await roleProperties(
      db,
      rows.map((r) => r.collection_id),
    )
  ).filter((p) => p.visibility === 0);
  return (row) =>
    itemRoles(
      row.item_data,
      props.filter((p) => p.collectionId === row.collection_id),
    ).title ?? `#${row.item_id}`;
}

export async function requirePageBorrower(d1: D1Database, secret: string) {
  const borrower = await borrowerOfPageSecret(d1, secret);
  if (!borrower) throw new ApiError('BORROWER_LINK_INVALID');
  return borrower;
}

export async function borrowerPageView(env: Env, db: Db, secret: string, locale: Locale): Promise<BorrowerPage> {
  const borrower = await requirePageBorrower(env.DB, secret);
  const rows = (await loansOfBorrower(env.DB, borrower.owner_id, borrower.id)) as Row[];
  const title = await publicTitles(db, rows);
  const view = (row: Row): BorrowerPageLoan => ({
    id: row.id,
    title: title(row),
    state: row.state,
    askedAt: row.asked_at,
    lentOn: row.lent_on,
    dueOn: row.due_on,
    returnedOn: row.returned_on,
    overdue: row.overdue === 1,
    renewal: row.renewal_state,
    renewalDueOn: row.renewal_due_on,
  });
  const expires = await env.DB.prepare('SELECT page_expires_at FROM borrower_links WHERE borrower_id = ?')
    .bind(borrower.id)
    .first<{ page_expires_at: string }>();
  const owner = await env.DB.prepare(`${LOAN_SELECT} WHERE l.owner_id = ? LIMIT 1`).bind(borrower.owner_id).first<LoanRow>();
  const feed = await borrowerFeedSecret(env, borrower.feed_nonce);
  return {
    name: borrower.name,
    ownerName: ownerNameIn(locale, owner?.owner_name ?? null),
    current: rows
      .filter((r) => r.state === 'lent')
      .sort((a, b) => (a.due_on ?? '9').localeCompare(b.due_on ?? '9'))
      .map(view),
    requests: rows.filter((r) => r.state === 'asked' || r.state === 'accepted').map(view),
    history: rows.filter((r) => r.state === 'returned' || r.state === 'rejected').map(view),
    feedUrl: feed ? await feedUrl(env, feed) : null,
    expiresAt: expires!.page_expires_at,
  };
}

/**
 * The borrower asks to keep a lent, dated loan longer: one conditional UPDATE, refused while a renewal
 * waits or after the owner declined one. The new due date is the current one plus the collection's loan period.
 */
export async function askRenewal(d1: D1Database, borrowerId: number, loanId: number): Promise<Row> {
  const done = await d1
    .prepare(
      `UPDATE loans SET renewal_state = 'asked',
         renewal_due_on = date(due_on, '+' || (SELECT c.loan_period_days FROM items i JOIN collections c ON c.id = i.collection_id WHERE i.id = loans.item_id) || ' days'),
         updated_at = ${NOW_SQL}
       WHERE id = ? AND borrower_id = ? AND state = 'lent' AND due_on IS NOT NULL AND (renewal_state IS NULL OR renewal_state = 'accepted')
       RETURNING id`,
    )
    .bind(loanId, borrowerId)
    .first();
  const row = await d1.prepare(`${LOAN_SELECT} WHERE l.id = ? AND l.borrower_id = ?`).bind(loanId, borrowerId).first<Row>();
  if (!row) throw new ApiError('NOT_FOUND');
  if (!done) throw new ApiError('LOAN_TRANSITION_NOT_ALLOWED');
  return row;
}

/** The owner's answer to a pending renewal, one conditional UPDATE each; accepting moves the due date. */
export async function answerRenewal(d1: D1Database, ownerId: number, loanId: number, answer: 'accept' | 'decline'): Promise<void> {
  const set =
    answer === 'accept'
      ? `renewal_state = 'accepted', due_on = renewal_due_on, renewal_due_on = NULL, reminded_on = NULL, overdue_notices = 0,
         last_overdue_notice_on = NULL, owner_notified_overdue_on = NULL`
      : `renewal_state = 'declined', renewal_due_on = NULL`;
  const done = await d1
    .prepare(
      `UPDATE loans SET ${set}, version = version + 1, updated_at = ${NOW_SQL} WHERE id = ? AND owner_id = ? AND state = 'lent' AND renewal_state = 'asked' RETURNING id`,
    )
    .bind(loanId, ownerId)
    .first();
  if (done) return;
  const exists = await d1.prepare('SELECT 1 AS found FROM loans WHERE id = ? AND owner_id = ?').bind(loanId, ownerId).first();
  throw new ApiError(exists ? 'LOAN_TRANSITION_NOT_ALLOWED' : 'NOT_FOUND');
}

/** To the owner: a borrower asks to renew. */
export async function sendRenewalToOwner(env: Env, db: Db, row: Row) {
  if (!row.owner_email || !row.renewal_due_on) return;
  const { baseUrl } = await instanceIdentity(env);
  if (!baseUrl) return;
  const locale: Locale = isLocale(row.owner_locale) ? row.owner_locale : 'en_US';
  const props = (await roleProperties(db, [row.collection_id])).filter((p) => p.collectionId === row.collection_id);
  const values = { title: itemRoles(row.item_data, props).title ?? `#${row.item_id}`, name: row.borrower_name, due: row.renewal_due_on };
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key, values);
  await sendEmail(env, {
    to: row.owner_email,
    subject: t('email.loan.renewal.subject'),
    ...composeEmail([
      translate(locale, 'email.greeting', { name: ownerNameIn(locale, row.owner_name) }),
      t('email.loan.renewal.body'),
      { label: t('email.loan.renewal.action'), href: new URL('/borrowers/loans', baseUrl).href },
    ]),
  });
}

/** The page's address for a borrower, its expiry pushed ahead: what every loan email carries. */
export async function borrowerPageLink(env: Env, borrowerId: number): Promise<string | null> {
  const { baseUrl } = await instanceIdentity(env);
  if (!baseUrl) return null;
  return new URL(`/borrower/${await borrowerPageSecret(env, borrowerId)}`, baseUrl).href;
}

/** Owners whose links one request may send at most: a borrower of many lenders still gets them all, within reason. */
const LINKS_PER_REQUEST = 10;

/** "Send me my link": one email per lender this address has loans with; nothing for an unknown address. */
export async function sendBorrowerLinks(env: Env, address: string, locale: Locale) {
  // One row per lender: the borrower's newest loan carries the owner's name.
  const { results } = await env.DB.prepare(
    `${LOAN_SELECT} WHERE b.email = ? AND l.id = (SELECT max(id) FROM loans WHERE borrower_id = b.id) ORDER BY l.id LIMIT ?`,
  )
    .bind(address, LINKS_PER_REQUEST)
    .all<LoanRow>();
  for (const borrower of results) {
    const link = await borrowerPageLink(env, borrower.borrower_id);
    if (!link) return;
    const language: Locale = isLocale(borrower.borrower_locale) ? borrower.borrower_locale : locale;
    const values = { owner: ownerNameIn(language, borrower.owner_name) };
    await sendEmail(env, {
      to: address,
      subject: translate(language, 'email.borrowerPage.subject', values),
      ...composeEmail([
        translate(language, 'email.greeting.plain'),
        translate(language, 'email.borrowerPage.body', values),
        { label: translate(language, 'email.borrowerPage.action', values), href: link },
        translate(language, 'email.borrowerPage.notYou'),
      ]),
    });
  }
}

const dueLoans = `${LOAN_SELECT} WHERE l.state = 'lent' AND l.due_on IS NOT NULL`;

/** The calendar a feed secret opens: a borrower's own lent loans, or all of an owner's; null for an unknown secret. */
export async function calendarOf(env: Env, db: Db, secret: string): Promise<string | null> {
  const { name, baseUrl } = await instanceIdentity(env);
  const host = baseUrl ? new URL(baseUrl).host : 'vitrine';
  const borrower = await borrowerOfFeedSecret(env.DB, secret);
  let rows: LoanRow[];
  let ownerView = false;
  if (borrower) {
    rows = (
      await env.DB.prepare(`${dueLoans} AND l.borrower_id = ? AND l.owner_id = ? ORDER BY l.due_on, l.id`)
        .bind(borrower.id, borrower.owner_id)
        .all<LoanRow>()
    ).results;
  } else {
    const ownerId = await ownerOfFeedSecret(env.DB, secret);
    if (ownerId === null) return null;
    ownerView = true;
    rows = (await env.DB.prepare(`${dueLoans} AND l.owner_id = ? ORDER BY l.due_on, l.id`).bind(ownerId).all<LoanRow>()).results;
  }
  // The owner sees every property of their items and whom they lent to; a borrower only public titles.
  const props = await roleProperties(
    db,
    rows.map((r) => r.collection_id),
  );
  const events: DueLoan[] = rows.map((row) => {
    const visible = props.filter((p) => p.collectionId === row.collection_id && (ownerView || p.visibility === 0));
    const title = itemRoles(row.item_data, visible).title ?? `#${row.item_id}`;
    return { id: row.id, dueOn: row.due_on!, title: ownerView ? `${title} (${row.borrower_name})` : title };
  });
  return loanCalendar(events, { name, host });
}
