import { defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { EmailChangeConfirmation } from '@web/features/profile/components/email-change-confirmation';
import { usePageTitle } from '@web/lib/use-page-title';

const messages = defineMessages({
  title: { id: 'app.profileEmailConfirm.title', defaultMessage: 'Confirm your email address' },
});

/** Opened from the link emailed to a new address (signed in or not, on any device). */
export default function ProfileEmailConfirmRoute() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);
  return (
    <section className="card narrow" aria-labelledby="profile-email-confirm-title">
      <h1 id="profile-email-confirm-title">{title}</h1>
      <EmailChangeConfirmation token={params.get('token') ?? ''} />
    </section>
  );
}
