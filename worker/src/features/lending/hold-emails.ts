// The emails of a waiting list, in the language the person joined in: the place they took, the offer of
// a copy that came back (with its private link and deadline), and after accepting, the link to follow the
// request it became. Like borrow requests', they never greet by the name typed in the form, and links
// are built from the instance's public URL only. Offers of one run go in one batch, their borrowers' page
// links made in one statement.
import { isLocale, type Locale } from '@shared/constants';
import type { Db, Env } from '@worker/env';
import { translate, type MessageKey } from '@worker/i18n/messages';
import { composeEmail, sendEmails, type EmailBlock, type EmailMessage } from '@worker/lib/email';
import { ownerNameIn } from '@worker/lib/person-name';
import { instanceIdentity } from '../settings/settings.service';
import { borrowerPageSecrets } from './borrower-links.service';
import { holdTitles, type HoldRow } from './holds.queries';

const localeOf = (hold: HoldRow): Locale =>
  isLocale(hold.locale) ? hold.locale : isLocale(hold.borrower_locale) ? hold.borrower_locale : 'en_US';

/** A deadline written for people, date and time in UTC ("1 March 2030 at 09:00 UTC"). */
function deadline(locale: Locale, at: string): string {
  return `${new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(at))} UTC`;
}

/** What every email of a list needs: the instance's public URL, and each borrower's page link (by id). */
interface Links {
  baseUrl: string | null;
  pages: Map<number, string>;
}

/** The links of these holds' emails: the settings read once, every borrower's page secret in one statement. */
async function linksOf(env: Env, holds: HoldRow[]): Promise<Links> {
  const { baseUrl } = await instanceIdentity(env);
  if (!baseUrl) return { baseUrl, pages: new Map() };
  const secrets = await borrowerPageSecrets(
    env,
    holds.filter((h) => h.borrower_email).map((h) => h.borrower_id),
  );
  return { baseUrl, pages: new Map([...secrets].map(([id, secret]) => [id, new URL(`/borrower/${secret}`, baseUrl).href])) };
}

function compose(
  { baseUrl, pages }: Links,
  hold: HoldRow,
  title: string,
  subject: MessageKey,
  body: MessageKey,
  links: { key: MessageKey; path: string }[],
): EmailMessage | null {
  if (!hold.borrower_email || !baseUrl) return null;
  const locale = localeOf(hold);
  const owner = ownerNameIn(locale, hold.owner_name);
  const values = {
    title,
    owner,
    position: String(hold.place),
    deadline: hold.offer_expires_at ? deadline(locale, hold.offer_expires_at) : '',
  };
  const blocks: EmailBlock[] = [translate(locale, 'email.greeting.plain'), translate(locale, body, values)];
  for (const link of links) blocks.push({ label: translate(locale, link.key, values), href: new URL(link.path, baseUrl).href });
  const page = pages.get(hold.borrower_id);
  if (page) blocks.push({ label: translate(locale, 'email.borrowerPage.action', { owner }), href: page });
  const message: EmailMessage = { to: hold.borrower_email, subject: translate(locale, subject, values), ...composeEmail(blocks) };
  return message;
}

const send = async (env: Env, messages: (EmailMessage | null)[]) => {
  const ready = messages.filter((m): m is EmailMessage => m !== null);
  if (ready.length > 0) await sendEmails(env, ready);
};

/** To the person who joined: their place in line. */
export async function sendHoldJoined(env: Env, db: Db, hold: HoldRow) {
  const title = await holdTitles(db, [hold], 'public');
  await send(env, [compose(await linksOf(env, [hold]), hold, title(hold), 'email.hold.joined.subject', 'email.hold.joined.body', [])]);
}

/** To each person offered a copy: the link to accept or decline, and the deadline. */
export async function sendHoldOffers(env: Env, db: Db, offers: { hold: HoldRow; token: string }[]) {
  if (offers.length === 0) return;
  const title = await holdTitles(
    db,
    offers.map((o) => o.hold),
    'public',
  );
  const links = await linksOf(
    env,
    offers.map((o) => o.hold),
  );
  const messages = offers.map(({ hold, token }) =>
    compose(links, hold, title(hold), 'email.hold.offered.subject', 'email.hold.offered.body', [
      { key: 'email.hold.offered.action', path: `/hold/offer?token=${encodeURIComponent(token)}` },
    ]),
  );
  await send(env, messages);
}

/** To the person who accepted: the link to follow (or cancel) the request the offer became. */
export async function sendHoldAccepted(env: Env, db: Db, hold: HoldRow, statusToken: string) {
  const title = await holdTitles(db, [hold], 'public');
  await send(env, [
    compose(await linksOf(env, [hold]), hold, title(hold), 'email.hold.accepted.subject', 'email.hold.accepted.body', [
      { key: 'email.loan.sent.action', path: `/borrow/status?token=${encodeURIComponent(statusToken)}` },
    ]),
  ]);
}
