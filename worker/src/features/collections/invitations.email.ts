import type { Locale } from '@shared/constants';
import { INVITATION_DAYS } from '@shared/schemas/invitations';
import type { Env } from '@worker/env';
import { translate } from '@worker/i18n/messages';
import { composeEmail, sendEmail } from '@worker/lib/email';
import { greetingName } from '@worker/lib/person-name';
import { instanceIdentity } from '../settings/settings.service';

interface InvitationEmail {
  to: string;
  secret: string;
  collectionName: string;
  inviter: { username: string; firstName: string | null; lastName: string | null };
}

/** Written in the inviter's language; the link is built from the instance's public URL, never the request's Host. */
export async function sendInvitationEmail(env: Env, locale: Locale, invitation: InvitationEmail) {
  const instance = await instanceIdentity(env);
  if (!instance.baseUrl) {
    console.error('invitation email not sent: no public URL is configured');
    return;
  }
  const link = new URL(`/invitation/${invitation.secret}`, instance.baseUrl);
  const values = {
    inviter: greetingName(locale, invitation.inviter),
    collection: invitation.collectionName,
    instance: instance.name,
    days: INVITATION_DAYS,
  };
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key, values);
  const parts = composeEmail([
    translate(locale, 'email.greeting.plain'),
    t('email.invitation.body'),
    { label: t('email.invitation.action'), href: link.href },
    t('email.invitation.ignore'),
  ]);
  await sendEmail(env, { to: invitation.to, subject: t('email.invitation.subject'), ...parts });
}
