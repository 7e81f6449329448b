// The two emails of an address change: a confirmation link to the new address, and a notice to the old
// one, so that the owner hears of a change made with a stolen session and password.
import type { Locale } from '@shared/constants';
import type { Env } from '@worker/env';
import { type MessageKey, translate } from '@worker/i18n/messages';
import { composeEmail, sendEmail } from '@worker/lib/email';
import { greetingName } from '@worker/lib/person-name';
import { instanceIdentity } from '../settings/settings.service';
import type { UserRow } from '../users/users.queries';

function translator(locale: Locale, user: UserRow, instance: string, email = '') {
  const name = greetingName(locale, user);
  return (key: MessageKey) => translate(locale, key, { name, email, instance });
}

/**
 * The link is built from the instance's public URL (or APP_URL), never from the request's Host header
 * (which a caller controls).
 */
export async function sendEmailChangeConfirmation(env: Env, locale: Locale, user: UserRow, newEmail: string, token: string) {
  const instance = await instanceIdentity(env);
  if (!instance.baseUrl) {
    console.error('email change confirmation not sent: no public URL is configured');
    return;
  }
  const link = new URL('/profile/email/confirm', instance.baseUrl);
  link.searchParams.set('token', token);
  const t = translator(locale, user, instance.name);
  const parts = composeEmail([
    t('email.greeting'),
    t('email.change.confirm.body'),
    { label: t('email.change.confirm.action'), href: link.href },
    t('email.change.confirm.ignore'),
  ]);
  await sendEmail(env, { to: newEmail, subject: t('email.change.confirm.subject'), ...parts });
}

/** To the address the account had: `newEmail` null when it was removed. */
export async function sendEmailChangeNotice(env: Env, locale: Locale, user: UserRow, newEmail: string | null) {
  if (!user.email) return;
  const t = translator(locale, user, (await instanceIdentity(env)).name, newEmail ?? '');
  const parts = composeEmail([
    t('email.greeting'),
    t(newEmail ? 'email.change.notice.body' : 'email.change.removed.body'),
    t('email.change.notice.warning'),
  ]);
  const subject = t(newEmail ? 'email.change.notice.subject' : 'email.change.removed.subject');
  await sendEmail(env, { to: user.email, subject, ...parts });
}
