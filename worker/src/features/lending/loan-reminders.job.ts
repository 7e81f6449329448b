// Reminders and overdue notices (issue: "due dates, reminders and overdue notices by cron"). Hourly, and
// idempotent by markers on each loan, so a run that stops for its budget resumes at the next one:
// - the borrower is reminded once, the collection's `reminder_days` before the due date (reminded_on);
// - the day after the due date they get an overdue notice, then one a week, three at most
//   (overdue_notices, last_overdue_notice_on);
// - the owner gets one digest of the loans that became overdue (owner_notified_overdue_on).
// A loan is marked BEFORE its email is sent (one UPDATE for the whole page), so a failure between the
// two can lose an email but never sends one twice. Emails are in the borrower's language (the request's),
// the digest in the owner's. Nothing runs while "Enable loans" is off.
import { isLocale, type Locale } from '../../../../shared/constants';
import { OVERDUE_NOTICE_INTERVAL_DAYS, OVERDUE_NOTICES_MAX } from '../../../../shared/lending';
import type { Env } from '../../env';
import { translate, type MessageKey } from '../../i18n/messages';
import type { Job, JobContext } from '../../jobs/job';
import { composeEmail, sendEmail, type EmailBlock } from '../../lib/email';
import { readSettings } from '../settings/settings.queries';
import { itemRoles } from '../items/items.queries';
import { borrowerLocale, formatDate } from './loan-emails';
import { LOAN_SELECT, roleProperties, type LoanRow } from './lending.queries';

/** Loans handled per page: each costs one email (one unit) after the page's three statements. */
const PAGE = 30;
/** Statements of a page (read with the owners, mark, role properties), before its emails. */
const PAGE_STATEMENTS = 3;
/** Units kept for the owners' digests after the borrowers' page: its statements and a few emails. */
const DIGEST_RESERVE = PAGE_STATEMENTS + 4;

type Notice = LoanRow & { kind: 'reminder' | 'overdue' };

async function send(env: Env, to: string, locale: Locale, subject: MessageKey, values: Record<string, string>, blocks: EmailBlock[]) {
  const result = await sendEmail(env, { to, subject: translate(locale, subject, values), ...composeEmail(blocks) });
  return result.sent;
}

/** Reminders and overdue notices to borrowers: one page, marked, then sent. */
async function borrowerNotices(env: Env, context: JobContext, today: string) {
  const counts = { reminders: 0, overdue: 0 };
  // Never more loans than emails the budget can pay for: a loan marked is a loan emailed.
  const limit = Math.min(PAGE, context.budget.left - PAGE_STATEMENTS - DIGEST_RESERVE);
  if (limit <= 0 || !context.budget.take(PAGE_STATEMENTS)) return counts;
  const { results } = await env.DB.prepare(
    `${LOAN_SELECT.replace('SELECT l.*,', `SELECT l.*, CASE WHEN l.due_on < ?1 THEN 'overdue' ELSE 'reminder' END AS kind, c.reminder_days,`)}
     WHERE l.state = 'lent' AND l.due_on IS NOT NULL AND (
       (l.due_on >= ?1 AND l.reminded_on IS NULL AND c.reminder_days > 0 AND l.due_on <= date(?1, '+' || c.reminder_days || ' days'))
       OR (l.due_on < ?1 AND l.overdue_notices < ?2
           AND (l.last_overdue_notice_on IS NULL OR l.last_overdue_notice_on <= date(?1, '-${OVERDUE_NOTICE_INTERVAL_DAYS} days'))))
     ORDER BY l.due_on, l.id LIMIT ?3`,
  )
    .bind(today, OVERDUE_NOTICES_MAX, limit)
    .all<Notice>();
  if (results.length === 0) return counts;
  // Marked first: whatever happens next, nobody gets this notice twice.
  await env.DB.prepare(
    `UPDATE loans SET
       reminded_on = CASE WHEN due_on >= ?1 THEN ?1 ELSE reminded_on END,
       overdue_notices = CASE WHEN due_on < ?1 THEN overdue_notices + 1 ELSE overdue_notices END,
       last_overdue_notice_on = CASE WHEN due_on < ?1 THEN ?1 ELSE last_overdue_notice_on END
     WHERE id IN (SELECT value FROM json_each(?2))`,
  )
    .bind(today, JSON.stringify(results.map((r) => r.id)))
    .run();
  const props = await roleProperties(context.db, results.map((r) => r.collection_id));
  for (const loan of results) {
    context.budget.take(); // paid for by `limit`
    const locale = borrowerLocale(loan);
    const title = itemRoles(loan.item_data, props.filter((p) => p.collectionId === loan.collection_id && p.visibility === 0)).title ?? `#${loan.item_id}`;
    const values = { title, owner: loan.owner_name, due: formatDate(locale, loan.due_on!) };
    const key = loan.kind === 'reminder' ? 'reminder' : 'overdue';
    const sent = await send(env, loan.borrower_email, locale, `email.loan.${key}.subject`, values, [
      translate(locale, 'email.greeting', { name: loan.borrower_name }),
      translate(locale, `email.loan.${key}.body`, values),
    ]);
    if (sent) counts[key === 'reminder' ? 'reminders' : 'overdue'] += 1;
  }
  return counts;
}

/** One digest per owner of the loans that became overdue since the last one. */
async function ownerDigests(env: Env, context: JobContext, today: string) {
  let digests = 0;
  const limit = context.budget.left - PAGE_STATEMENTS;
  if (limit <= 0 || !context.budget.take(PAGE_STATEMENTS)) return digests;
  const { results } = await env.DB.prepare(
    `${LOAN_SELECT} WHERE l.state = 'lent' AND l.due_on < ?1 AND l.owner_notified_overdue_on IS NULL
     AND l.owner_id IN (SELECT DISTINCT owner_id FROM loans WHERE state = 'lent' AND due_on < ?1 AND owner_notified_overdue_on IS NULL LIMIT ?2)
     ORDER BY l.owner_id, l.due_on, l.id`,
  )
    .bind(today, limit)
    .all<LoanRow>();
  if (results.length === 0) return digests;
  await env.DB.prepare(`UPDATE loans SET owner_notified_overdue_on = ? WHERE id IN (SELECT value FROM json_each(?))`)
    .bind(today, JSON.stringify(results.map((r) => r.id)))
    .run();
  const props = await roleProperties(context.db, results.map((r) => r.collection_id));
  const byOwner = new Map<number, LoanRow[]>();
  for (const loan of results) byOwner.set(loan.owner_id, [...(byOwner.get(loan.owner_id) ?? []), loan]);
  for (const loans of byOwner.values()) {
    const owner = { name: loans[0]!.owner_name, email: loans[0]!.owner_email, locale: loans[0]!.owner_locale };
    if (!owner.email || !env.APP_URL) continue;
    context.budget.take(); // paid for by `limit`: one owner, one email
    const locale: Locale = isLocale(owner.locale) ? owner.locale : 'en_US';
    const lines = loans.map((loan) =>
      translate(locale, 'email.loan.digest.line', {
        title: itemRoles(loan.item_data, props.filter((p) => p.collectionId === loan.collection_id)).title ?? `#${loan.item_id}`,
        name: loan.borrower_name,
        due: formatDate(locale, loan.due_on!),
      }),
    );
    const sent = await send(env, owner.email, locale, 'email.loan.digest.subject', { count: String(loans.length) }, [
      translate(locale, 'email.greeting', { name: owner.name }),
      translate(locale, 'email.loan.digest.body'),
      ...lines,
      { label: translate(locale, 'email.loan.digest.action'), href: new URL('/borrowers/loans', env.APP_URL).href },
    ]);
    if (sent) digests += 1;
  }
  return digests;
}

export const loanRemindersJob: Job = {
  name: 'loan-reminders',
  units: 44,
  async run(env, context): Promise<Record<string, number>> {
    if (!context.budget.take()) return {};
    if (!(await readSettings(context.db)).loansEnabled) return { skipped: 1 };
    const today = context.now.toISOString().slice(0, 10);
    const notices = await borrowerNotices(env, context, today);
    const digests = await ownerDigests(env, context, today);
    return { ...notices, digests };
  },
};
