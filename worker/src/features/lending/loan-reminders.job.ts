// Reminders and overdue notices (issue: "due dates, reminders and overdue notices by cron"). Hourly, and
// idempotent by markers on each loan: a run handles one page and the next run takes what is left:
// - the borrower is reminded once, the collection's `reminder_days` before the due date (reminded_on);
// - the day after the due date they get an overdue notice, then one a week, three at most
//   (overdue_notices, last_overdue_notice_on);
// - the owner gets one digest of the loans that became overdue (owner_notified_overdue_on).
// A loan is marked BEFORE its email is sent (one UPDATE for the whole page), so a failure between the
// two can lose an email but never sends one twice. A page's emails go in one batch request, so a run
// costs a handful of statements and two subrequests however many loans it handles; the page size keeps
// its CPU inside the free tier's. Emails are in the borrower's language (the request's), the digest in
// the owner's. A borrower recorded without an email gets nothing (their overdue loans still reach the
// owner's digest). Nothing runs while "Enable loans" is off.
import { isLocale, type Locale } from '@shared/constants';
import { OVERDUE_NOTICE_INTERVAL_DAYS, OVERDUE_NOTICES_MAX, REMINDER_DAYS_MAX } from '@shared/lending';
import type { Env } from '@worker/env';
import { translate, type MessageKey } from '@worker/i18n/messages';
import type { Job, JobContext } from '@worker/jobs/job';
import { composeEmail, sendEmails, type EmailBlock, type EmailMessage } from '@worker/lib/email';
import { ownerNameIn } from '@worker/lib/person-name';
import { readSettings } from '../settings/settings.queries';
import { itemRoles } from '../items/items.queries';
import { borrowerLocale, formatDate } from './loan-emails';
import { LOAN_SELECT, roleProperties, type LoanRow } from './lending.queries';
import { instanceIdentity } from '../settings/settings.service';
import { borrowerPageSecrets } from './borrower-links.service';

/** Borrowers' notices per run, all sent in one batch (at most EMAIL_BATCH_MAX). */
export const REMINDERS_PAGE = 50;
/** Owners' digests per run, also one batch; each lists at most DIGEST_LINES loans, then says how many more. */
const DIGEST_PAGE = 20;
const DIGEST_LINES = 20;
/** Units of a page: its statements (read with the owners, mark, role properties) and its one batch. */
const PAGE_UNITS = 4;
/** The borrowers' page adds one batch: the links to their own page, which every email to them carries. */
const NOTICE_UNITS = PAGE_UNITS + 1;

/** A borrower without an email is never read here (the query passes over them). */
type Notice = LoanRow & { kind: 'reminder' | 'overdue'; borrower_email: string };

function message(to: string, locale: Locale, subject: MessageKey, values: Record<string, string>, blocks: EmailBlock[]): EmailMessage {
  return { to, subject: translate(locale, subject, values), ...composeEmail(blocks) };
}

/** Reminders and overdue notices to borrowers: one page, marked, then sent in one batch. */
async function borrowerNotices(env: Env, context: JobContext, today: string) {
  const counts = { reminders: 0, overdue: 0 };
  if (!context.budget.take(NOTICE_UNITS)) return counts;
  // The index on (state, due_on) is walked from the oldest due date and stops at the furthest one a
  // reminder can concern, so loans due later are never read.
  const { results } = await env.DB.prepare(
    `${LOAN_SELECT.replace('SELECT l.*,', `SELECT l.*, CASE WHEN l.due_on < ?1 THEN 'overdue' ELSE 'reminder' END AS kind, c.reminder_days,`)}
     WHERE l.state = 'lent' AND b.email IS NOT NULL AND l.due_on <= date(?1, '+${REMINDER_DAYS_MAX} days') AND (
       (l.due_on >= ?1 AND l.reminded_on IS NULL AND c.reminder_days > 0 AND l.due_on <= date(?1, '+' || c.reminder_days || ' days'))
       OR (l.due_on < ?1 AND l.overdue_notices < ?2
           AND (l.last_overdue_notice_on IS NULL OR l.last_overdue_notice_on <= date(?1, '-${OVERDUE_NOTICE_INTERVAL_DAYS} days'))))
     ORDER BY l.due_on, l.id LIMIT ?3`,
  )
    .bind(today, OVERDUE_NOTICES_MAX, REMINDERS_PAGE)
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
  const props = await roleProperties(
    context.db,
    results.map((r) => r.collection_id),
  );
  const { baseUrl } = await instanceIdentity(env);
  const secrets = baseUrl
    ? await borrowerPageSecrets(
        env,
        results.map((r) => r.borrower_id),
      )
    : new Map<number, string>();
  const emails = results.map((loan) => {
    const locale = borrowerLocale(loan);
    const title =
      itemRoles(
        loan.item_data,
        props.filter((p) => p.collectionId === loan.collection_id && p.visibility === 0),
      ).title ?? `#${loan.item_id}`;
    const values = { title, owner: ownerNameIn(locale, loan.owner_name), due: formatDate(locale, loan.due_on!) };
    const secret = secrets.get(loan.borrower_id);
    const page: EmailBlock[] =
      baseUrl && secret
        ? [
            {
              label: translate(locale, 'email.borrowerPage.action', { owner: values.owner }),
              href: new URL(`/borrower/${secret}`, baseUrl).href,
            },
          ]
        : [];
    return message(loan.borrower_email, locale, `email.loan.${loan.kind}.subject`, values, [
      translate(locale, 'email.greeting', { name: loan.borrower_name }),
      translate(locale, `email.loan.${loan.kind}.body`, values),
      ...page,
    ]);
  });
  if ((await sendEmails(env, emails)).sent === 0) return counts;
  for (const loan of results) counts[loan.kind === 'reminder' ? 'reminders' : 'overdue'] += 1;
  return counts;
}

/** Loans that became overdue and their owner has not heard of, for the first owners (?2) among them. */
const NEWLY_OVERDUE = `l.state = 'lent' AND l.due_on < ?1 AND l.owner_notified_overdue_on IS NULL
  AND l.owner_id IN (SELECT DISTINCT owner_id FROM loans WHERE state = 'lent' AND due_on < ?1 AND owner_notified_overdue_on IS NULL ORDER BY owner_id LIMIT ?2)`;

/** One digest per owner of the loans that became overdue since the last one. */
async function ownerDigests(env: Env, context: JobContext, today: string) {
  const { baseUrl } = await instanceIdentity(env);
  if (!baseUrl || !context.budget.take(PAGE_UNITS)) return 0;
  // Each owner's first DIGEST_LINES loans are read, with how many there are in all; all are marked.
  const { results } = await env.DB.prepare(
    `SELECT * FROM (
       ${LOAN_SELECT.replace('SELECT l.*,', 'SELECT l.*, row_number() OVER owner_loans AS line, count(*) OVER (PARTITION BY l.owner_id) AS total,')}
       WHERE ${NEWLY_OVERDUE}
       WINDOW owner_loans AS (PARTITION BY l.owner_id ORDER BY l.due_on, l.id))
     WHERE line <= ?3 ORDER BY owner_id, line`,
  )
    .bind(today, DIGEST_PAGE, DIGEST_LINES)
    .all<LoanRow & { total: number }>();
  if (results.length === 0) return 0;
  await env.DB.prepare(
    `UPDATE loans SET owner_notified_overdue_on = ?1
     WHERE owner_id IN (SELECT value FROM json_each(?2)) AND state = 'lent' AND due_on < ?1 AND owner_notified_overdue_on IS NULL`,
  )
    .bind(today, JSON.stringify([...new Set(results.map((r) => r.owner_id))]))
    .run();
  const props = await roleProperties(
    context.db,
    results.map((r) => r.collection_id),
  );
  const byOwner = new Map<number, (LoanRow & { total: number })[]>();
  for (const loan of results) byOwner.set(loan.owner_id, [...(byOwner.get(loan.owner_id) ?? []), loan]);
  const emails: EmailMessage[] = [];
  for (const loans of byOwner.values()) {
    const { owner_name: name, owner_email: email, owner_locale: language, total } = loans[0]!;
    if (!email) continue;
    const locale: Locale = isLocale(language) ? language : 'en_US';
    const lines = loans.map((loan) =>
      translate(locale, 'email.loan.digest.line', {
        title:
          itemRoles(
            loan.item_data,
            props.filter((p) => p.collectionId === loan.collection_id),
          ).title ?? `#${loan.item_id}`,
        name: loan.borrower_name,
        due: formatDate(locale, loan.due_on!),
      }),
    );
    emails.push(
      message(email, locale, 'email.loan.digest.subject', { count: String(total) }, [
        translate(locale, 'email.greeting', { name: ownerNameIn(locale, name) }),
        translate(locale, 'email.loan.digest.body'),
        ...lines,
        ...(total > loans.length ? [translate(locale, 'email.loan.digest.more', { count: String(total - loans.length) })] : []),
        { label: translate(locale, 'email.loan.digest.action'), href: new URL('/borrowers/loans', baseUrl).href },
      ]),
    );
  }
  return (await sendEmails(env, emails)).sent;
}

export const loanRemindersJob: Job = {
  name: 'loan-reminders',
  // Settings, then a page of notices and a page of digests.
  units: 1 + NOTICE_UNITS + PAGE_UNITS,
  async run(env, context): Promise<Record<string, number>> {
    if (!context.budget.take()) return {};
    if (!(await readSettings(context.db)).loansEnabled) return { skipped: 1 };
    const today = context.now.toISOString().slice(0, 10);
    const notices = await borrowerNotices(env, context, today);
    const digests = await ownerDigests(env, context, today);
    return { ...notices, digests };
  },
};
