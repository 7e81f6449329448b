import type { Locale } from '@shared/constants';
import type { Env } from '@worker/env';
import { translate } from '@worker/i18n/messages';
import { composeEmail, sendEmail } from '@worker/lib/email';
import { greetingName } from '@worker/lib/person-name';
import { instanceIdentity } from '../settings/settings.service';
import type { UserRow } from '../users/users.queries';

/**
 * The link is built from the instance's public URL (or APP_URL), never from the request's Host header
 * (which a caller controls).
 */
export async function sendPasswordResetEmail(env: Env, locale: Locale, user: UserRow, token: string) {
  const instance = await instanceIdentity(env);
  if (!instance.baseUrl) {
    console.error('password reset email not sent: no public URL is configured');
    return;
  }
  const link = new URL('/resetpassword', instance.baseUrl);
  link.searchParams.set('token', token);
  const name = greetingName(locale, user);
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key, { name, instance: instance.name });
  const parts = composeEmail([
    t('email.greeting'),
    t('email.reset.body'),
    { label: t('email.reset.action'), href: link.href },
    t('email.reset.ignore'),
  ]);
  await sendEmail(env, { to: user.email!, subject: t('email.reset.subject'), ...parts });
}
