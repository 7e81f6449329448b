import type { Locale } from '../../../../shared/constants';
import type { Env } from '../../env';
import { translate } from '../../i18n/messages';
import { escapeHtml, sendEmail } from '../../lib/email';
import type { UserRow } from '../users/users.queries';

/** The link is built from APP_URL, never from the request's Host header (which a caller controls). */
export async function sendPasswordResetEmail(env: Env, locale: Locale, user: UserRow, token: string) {
  if (!env.APP_URL) {
    console.error('password reset email not sent: APP_URL is not configured');
    return;
  }
  const link = new URL('/resetpassword', env.APP_URL);
  link.searchParams.set('token', token);
  const name = user.firstName || user.username;
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key, { name });
  const text = [t('email.reset.greeting'), '', t('email.reset.body'), '', link.href, '', t('email.reset.ignore')].join('\n');
  const html = [
    `<p>${escapeHtml(t('email.reset.greeting'))}</p>`,
    `<p>${escapeHtml(t('email.reset.body'))}</p>`,
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(t('email.reset.action'))}</a></p>`,
    `<p>${escapeHtml(t('email.reset.ignore'))}</p>`,
  ].join('\n');
  await sendEmail(env, { to: user.email!, subject: t('email.reset.subject'), text, html });
}
