// The owner's lending digest, as they chose it on their lending screen (daily, weekly, off; off by
// default): loans overdue, due back within a week, and requests and renewals waiting for an answer.
// Idempotent per period: an owner's period (the day, or the week's Monday) is marked by one conditional
// UPDATE before the email goes, so a run never sends a period's digest twice; nothing is sent to an owner
// with nothing to look at. Nothing runs while "Enable loans" is off.
import { isLocale, type Locale } from '@shared/constants';
import { DIGEST_DUE_SOON_DAYS } from '@shared/lending';
import { translate } from '@worker/i18n/messages';
import type { Job } from '@worker/jobs/job';
import { composeEmail, sendEmails, type EmailBlock, type EmailMessage } from '@worker/lib/email';
import { ownerNameIn } from '@worker/lib/person-name';
import { itemRoles } from '../items/items.queries';
import { readSettings } from '../settings/settings.queries';
import { instanceIdentity } from '../settings/settings.service';
import { formatDate } from './loan-emails';
import { LOAN_SELECT, roleProperties, type LoanRow } from './lending.queries';

/** Owners per run (one batch of emails); the rest wait for the next hour. */
const DIGEST_OWNERS = 20;
/** Lines per digest: enough to act on; the lending screen has the rest. */
const LINES_PER_OWNER = 30;

/** The Monday of the week of `day` (YYYY-MM-DD): a weekly digest's period. */
export function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

const PERIOD = `CASE digest WHEN 'daily' THEN ?1 ELSE ?2 END`;

export const ownerDigestJob: Job = {
  name: 'lending-digest',
  units: 5,
  async run(env, context): Promise<Record<string, number>> {
    if (!context.budget.take(5)) return {};
    if (!(await readSettings(context.db)).loansEnabled) return { skipped: 1 };
    const { baseUrl } = await instanceIdentity(env);
    if (!baseUrl) return { skipped: 1 };
    const today = context.now.toISOString().slice(0, 10);
    // Marked first: whatever happens next, nobody gets a period's digest twice.
    const { results: owners } = await env.DB.prepare(
      `UPDATE owner_lending_preferences SET digest_sent_for = ${PERIOD}
       WHERE user_id IN (SELECT user_id FROM owner_lending_preferences WHERE digest <> 'off' AND (digest_sent_for IS NULL OR digest_sent_for <> ${PERIOD}) ORDER BY user_id LIMIT ?3)
       RETURNING user_id`,
    )
      .bind(today, weekOf(today), DIGEST_OWNERS)
      .all<{ user_id: number }>();
    if (owners.length === 0) return { digests: 0 };
    const { results } = await env.DB.prepare(
      `SELECT * FROM (
         ${LOAN_SELECT.replace('SELECT l.*,', 'SELECT l.*, row_number() OVER (PARTITION BY l.owner_id ORDER BY l.due_on, l.id) AS line,')}
         WHERE l.owner_id IN (SELECT value FROM json_each(?1))
           AND ((l.state = 'lent' AND l.due_on <= date(?2, '+${DIGEST_DUE_SOON_DAYS} days')) OR l.state IN ('asked', 'accepted') OR l.renewal_state = 'asked'))
       WHERE line <= ?3`,
    )
      .bind(JSON.stringify(owners.map((o) => o.user_id)), today, LINES_PER_OWNER)
      .all<LoanRow>();
    const props = await roleProperties(
      context.db,
      results.map((r) => r.collection_id),
    );
    const byOwner = new Map<number, LoanRow[]>();
    for (const loan of results) byOwner.set(loan.owner_id, [...(byOwner.get(loan.owner_id) ?? []), loan]);
    const emails: EmailMessage[] = [];
    for (const loans of byOwner.values()) {
      const { owner_email: email, owner_locale: language, owner_name: name } = loans[0]!;
      if (!email) continue;
      const locale: Locale = isLocale(language) ? language : 'en_US';
      const values = (loan: LoanRow, due: string | null) => ({
        title:
          itemRoles(
            loan.item_data,
            props.filter((p) => p.collectionId === loan.collection_id),
          ).title ?? `#${loan.item_id}`,
        name: loan.borrower_name,
        due: due ? formatDate(locale, due) : '',
      });
      const lent = (loan: LoanRow) => translate(locale, 'email.loan.digest.line', values(loan, loan.due_on));
      const overdue = loans.filter((l) => l.state === 'lent' && l.due_on! < today);
      const soon = loans.filter((l) => l.state === 'lent' && l.due_on! >= today && l.due_on! <= addDays(today, DIGEST_DUE_SOON_DAYS));
      const waiting = [
        ...loans.filter((l) => l.state !== 'lent').map((l) => translate(locale, 'email.lendingDigest.request', values(l, null))),
        ...loans
          .filter((l) => l.renewal_state === 'asked')
          .map((l) => translate(locale, 'email.lendingDigest.renewal', values(l, l.renewal_due_on))),
      ];
      const blocks: EmailBlock[] = [translate(locale, 'email.greeting', { name: ownerNameIn(locale, name) })];
      if (overdue.length) blocks.push(translate(locale, 'email.lendingDigest.overdue'), ...overdue.map(lent));
      if (soon.length) blocks.push(translate(locale, 'email.lendingDigest.dueSoon'), ...soon.map(lent));
      if (waiting.length) blocks.push(translate(locale, 'email.lendingDigest.requests'), ...waiting);
      const count = overdue.length + soon.length + waiting.length;
      if (count === 0) continue;
      blocks.push({ label: translate(locale, 'email.loan.digest.action'), href: new URL('/borrowers/loans', baseUrl).href });
      emails.push({
        to: email,
        subject: translate(locale, 'email.lendingDigest.subject', { count: String(count) }),
        ...composeEmail(blocks),
      });
    }
    return { digests: emails.length ? (await sendEmails(env, emails)).sent : 0 };
  },
};

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
