// The emails of a borrow request's life: the owner hears of a new request (in the owner's language,
// from their last sign-in); the requester gets a confirmation with the private status link, then an
// email at each step (accepted, declined with the owner's message, lent with the due date, returned)
// in the language they asked in. Links are built from the instance's public URL (or APP_URL) only, never from the request's Host.
// The requester's emails never greet them by the name they typed: whoever fills the form chooses the address,
// so their own words must not open an email a stranger receives.
import { isLocale, type Locale } from '@shared/constants';
import type { Env } from '@worker/env';
import { translate, type MessageKey } from '@worker/i18n/messages';
import { composeEmail, sendEmail, type EmailBlock } from '@worker/lib/email';
import { ownerNameIn } from '@worker/lib/person-name';
import type { LoanRow } from './lending.queries';
import { instanceIdentity } from '../settings/settings.service';
import { borrowerPageLink } from './borrower-page.service';

/** What every loan email needs to say which item and whose. */
export interface LoanEmailFacts {
  loan: LoanRow;
  title: string;
  /** Null for the built-in administrator without a name (see LoanRow.owner_name). */
  ownerName: string | null;
}

/** A calendar date written for people, in the email's language ("23 March 2027", "23 mars 2027"). */
export function formatDate(locale: Locale, date: string): string {
  return dateFormat(locale).format(new Date(`${date}T00:00:00Z`));
}

// Made once per language and isolate: building a formatter costs far more than using one, and a
// reminders run formats a date for every email of its page.
const formats = new Map<Locale, Intl.DateTimeFormat>();
function dateFormat(locale: Locale): Intl.DateTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long', timeZone: 'UTC' });
    formats.set(locale, format);
  }
  return format;
}

/** The requester's language: the request's, else the borrower's last one, else English. */
export function borrowerLocale(loan: Pick<LoanRow, 'locale' | 'borrower_locale'>): Locale {
  if (isLocale(loan.locale)) return loan.locale;
  return isLocale(loan.borrower_locale) ? loan.borrower_locale : 'en_US';
}

async function appLink(env: Env, path: string, query: Record<string, string> = {}): Promise<string | null> {
  const { baseUrl } = await instanceIdentity(env);
  if (!baseUrl) {
    console.error('loan email not sent: no public URL is configured');
    return null;
  }
  const url = new URL(path, baseUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.href;
}

async function send(env: Env, to: string, locale: Locale, subject: MessageKey, blocks: EmailBlock[], values: Record<string, string>) {
  await sendEmail(env, { to, subject: translate(locale, subject, values), ...composeEmail(blocks) });
}

/**
 * What an email to the owner about one loan starts from: their language, the loan's screen, the facts
 * its texts name, and the greeting. Null when they have no address or the instance no public URL.
 */
async function toOwner(env: Env, facts: LoanEmailFacts) {
  const { loan } = facts;
  if (!loan.owner_email) return null;
  const locale: Locale = isLocale(loan.owner_locale) ? loan.owner_locale : 'en_US';
  const link = await appLink(env, `/collection/${loan.collection_id}/item/${loan.item_id}/loan/${loan.id}`);
  if (!link) return null;
  const values = { name: loan.borrower_name, email: loan.borrower_email ?? '', title: facts.title, collection: loan.collection_name };
  const t = (key: MessageKey, extra: Record<string, string> = {}) => translate(locale, key, { ...values, ...extra });
  const greeting = t('email.greeting', { name: ownerNameIn(locale, facts.ownerName) });
  return { to: loan.owner_email, locale, link, values, t, greeting };
}

/** To the owner: someone asks to borrow one of their items. */
export async function sendRequestToOwner(env: Env, facts: LoanEmailFacts) {
  const owner = await toOwner(env, facts);
  if (!owner) return;
  const { loan } = facts;
  const { locale, t } = owner;
  const blocks: EmailBlock[] = [owner.greeting, t('email.loan.requested.body')];
  if (loan.message) blocks.push(t('email.loan.requested.message', { message: loan.message }));
  if (loan.reserved_from && loan.reserved_to) {
    blocks.push(
      t('email.loan.requested.reserved', { from: formatDate(locale, loan.reserved_from), to: formatDate(locale, loan.reserved_to) }),
    );
  }
  if (loan.wanted_from || loan.wanted_until) {
    const any = t('email.loan.anyDate');
    blocks.push(
      t('email.loan.requested.dates', {
        from: loan.wanted_from ? formatDate(locale, loan.wanted_from) : any,
        until: loan.wanted_until ? formatDate(locale, loan.wanted_until) : any,
      }),
    );
  }
  blocks.push({ label: t('email.loan.requested.action'), href: owner.link });
  await send(env, owner.to, locale, 'email.loan.requested.subject', blocks, owner.values);
}

/** To the owner: the person a waiting list offered a copy took it; the request waits for the hand-over. */
export async function sendOfferTakenToOwner(env: Env, facts: LoanEmailFacts) {
  const owner = await toOwner(env, facts);
  if (!owner) return;
  const blocks: EmailBlock[] = [
    owner.greeting,
    owner.t('email.hold.taken.body'),
    { label: owner.t('email.hold.taken.action'), href: owner.link },
  ];
  await send(env, owner.to, owner.locale, 'email.hold.taken.subject', blocks, owner.values);
}

/** The link to the borrower's own page that every email to them carries (and so keeps alive). */
async function pageBlock(env: Env, loan: LoanRow, locale: Locale, owner: string): Promise<EmailBlock[]> {
  const href = await borrowerPageLink(env, loan.borrower_id);
  return href ? [{ label: translate(locale, 'email.borrowerPage.action', { owner }), href }] : [];
}

/** To the requester: the request is sent; the private link follows and cancels it. */
export async function sendRequestConfirmation(env: Env, facts: LoanEmailFacts, token: string) {
  const { loan } = facts;
  if (!loan.borrower_email) return;
  const locale = borrowerLocale(loan);
  const link = await appLink(env, '/borrow/status', { token });
  if (!link) return;
  const values = { title: facts.title, owner: ownerNameIn(locale, facts.ownerName) };
  const t = (key: MessageKey, extra: Record<string, string> = {}) => translate(locale, key, { ...values, ...extra });
  await send(
    env,
    loan.borrower_email,
    locale,
    'email.loan.sent.subject',
    [
      t('email.greeting.plain'),
      t('email.loan.sent.body'),
      { label: t('email.loan.sent.action'), href: link },
      ...(await pageBlock(env, loan, locale, values.owner)),
      t('email.loan.sent.keep'),
      t('email.loan.sent.notYou'),
    ],
    values,
  );
}

/** To the requester, after the owner moved their request on. Loans the owner recorded directly send nothing. */
export async function sendStepToRequester(env: Env, facts: LoanEmailFacts) {
  const { loan } = facts;
  // Only requests have a status link; a borrower recorded without an email is never written to.
  if (!loan.status_token_hash || !loan.borrower_email) return;
  const locale = borrowerLocale(loan);
  const due = loan.due_on ? formatDate(locale, loan.due_on) : '';
  const values = { title: facts.title, owner: ownerNameIn(locale, facts.ownerName), due };
  const t = (key: MessageKey, extra: Record<string, string> = {}) => translate(locale, key, { ...values, ...extra });
  const greeting = t('email.greeting.plain');
  let subject: MessageKey;
  const blocks: EmailBlock[] = [greeting];
  switch (loan.state) {
    case 'accepted':
      subject = 'email.loan.accepted.subject';
      blocks.push(t('email.loan.accepted.body'));
      // A reservation: its days again, so the borrower need not dig out their request to know them.
      if (loan.reserved_from && loan.reserved_to) {
        blocks.push(
          t('email.loan.accepted.reserved', { from: formatDate(locale, loan.reserved_from), to: formatDate(locale, loan.reserved_to) }),
        );
      }
      break;
    case 'rejected':
      subject = 'email.loan.rejected.subject';
      blocks.push(t('email.loan.rejected.body'));
      if (loan.response) blocks.push(t('email.loan.rejected.response', { response: loan.response }));
      break;
    case 'lent':
      subject = 'email.loan.lent.subject';
      blocks.push(t(loan.due_on ? 'email.loan.lent.body' : 'email.loan.lent.undated'));
      break;
    case 'returned':
      subject = 'email.loan.returned.subject';
      blocks.push(t('email.loan.returned.body'));
      break;
    default:
      return;
  }
  blocks.push(...(await pageBlock(env, loan, locale, values.owner)));
  await send(env, loan.borrower_email, locale, subject, blocks, values);
}
