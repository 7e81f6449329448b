// The sign-up of an invited person: a username and a password; the address is the invitation's. On
// success they are signed in and land on the shared collection.
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from '@shared/constants';
import type { InvitationView } from '@shared/schemas/invitations';
import { FormAlerts } from '@web/components/form-alerts';
import { NewPasswordFields, readNewPassword } from '@web/components/new-password-fields';
import { TextField } from '@web/components/text-field';
import { paths } from '@web/lib/paths';
import { saveSession } from '@web/lib/session';
import { isVisitorIndependent } from '@web/lib/use-api-info';
import { fieldText, useSubmit } from '@web/lib/use-submit';
import { acceptInvitation } from '../api/invitations';
import { roleMessages } from './role-messages';

const introMessages = defineMessages<{ intro: { inviter: string; collection: string; role: string }; email: { email: string } }>({
  intro: {
    id: 'collections.invitationAcceptForm.intro',
    defaultMessage:
      '{inviter} invites you to the collection “{collection}” with the role {role}. Choose a username and a password to create your account.',
  },
  email: { id: 'collections.invitationAcceptForm.email', defaultMessage: 'Your email address: {email}' },
});

const messages = defineMessages({
  username: { id: 'collections.invitationAcceptForm.username', defaultMessage: 'Username' },
  usernameHint: {
    id: 'collections.invitationAcceptForm.usernameHint',
    defaultMessage: 'Letters, digits, dots, dashes and underscores; 2 to 40 characters. You sign in with it or with your email address.',
  },
  password: { id: 'collections.invitationAcceptForm.password', defaultMessage: 'Password' },
  confirmation: { id: 'collections.invitationAcceptForm.confirmation', defaultMessage: 'Confirm the password' },
  submit: { id: 'collections.invitationAcceptForm.submit', defaultMessage: 'Create my account' },
});

const FIELDS = ['username', 'password', 'confirmation'];
const PASSWORD = { name: 'password', confirmationName: 'confirmation' };

export function InvitationAcceptForm({ secret, invitation }: { secret: string; invitation: InvitationView }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { onSubmit, busy, errors } = useSubmit(async (fields) => {
    const { password, confirmation } = readNewPassword(fields, PASSWORD);
    const accepted = await acceptInvitation(secret, { username: fieldText(fields, 'username'), password, confirmation });
    saveSession(accepted);
    // Whatever was cached belonged to the anonymous visitor.
    await mutate((key) => !isVisitorIndependent(key), undefined, { revalidate: false });
    void navigate(paths.collection(accepted.collectionId), { replace: true });
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p>
        {intl.formatMessage(introMessages.intro, {
          inviter: invitation.inviterName,
          collection: invitation.collectionName,
          role: intl.formatMessage(roleMessages[invitation.role]).toLowerCase(),
        })}
      </p>
      <p className="muted">{intl.formatMessage(introMessages.email, { email: invitation.email })}</p>
      <FormAlerts errors={errors} shownFields={FIELDS} />
      <fieldset className="form__fieldset" disabled={busy}>
        <TextField
          name="username"
          label={intl.formatMessage(messages.username)}
          hint={intl.formatMessage(messages.usernameHint)}
          autoComplete="username"
          required
          minLength={USERNAME_MIN_LENGTH}
          maxLength={USERNAME_MAX_LENGTH}
          pattern={USERNAME_PATTERN}
          error={errors.field('username')}
        />
        <NewPasswordFields
          {...PASSWORD}
          errors={errors}
          labels={{ password: intl.formatMessage(messages.password), confirmation: intl.formatMessage(messages.confirmation) }}
        />
        <div className="actions">
          <button type="submit" className="button">
            {intl.formatMessage(messages.submit)}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
