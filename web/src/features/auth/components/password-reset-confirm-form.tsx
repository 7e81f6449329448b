import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { SuccessStatus } from '@web/components/alert';
import { commonMessages } from '@web/components/common-messages';
import { FormAlerts } from '@web/components/form-alerts';
import { NewPasswordFields, readNewPassword } from '@web/components/new-password-fields';
import { paths } from '@web/lib/paths';
import { useSubmit } from '@web/lib/use-submit';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';

const messages = defineMessages({
  submit: { id: 'auth.passwordResetConfirmForm.submit', defaultMessage: 'Change my password' },
  signIn: { id: 'auth.passwordResetConfirmForm.signIn', defaultMessage: 'Sign in' },
});

const NEW_PASSWORD = { name: 'password', confirmationName: 'confirmation' };
const FIELDS = ['password', 'confirmation'];

export function PasswordResetConfirmForm({ token }: { token: string }) {
  const intl = useIntl();
  const { trigger } = useConfirmPasswordReset();
  const [done, setDone] = useState(false);
  const { onSubmit, busy, errors } = useSubmit(async (fields) => {
    const { password, confirmation } = readNewPassword(fields, NEW_PASSWORD);
    await trigger({ token, password, confirmation });
    setDone(true);
  });

  if (done) {
    return (
      <div className="stack">
        <SuccessStatus>{intl.formatMessage(commonMessages.passwordChanged)}</SuccessStatus>
        <p>
          <Link className="button" to={paths.login()}>
            {intl.formatMessage(messages.signIn)}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormAlerts errors={errors} shownFields={FIELDS} />
      <NewPasswordFields {...NEW_PASSWORD} errors={errors} />
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {intl.formatMessage(messages.submit)}
        </button>
      </div>
    </form>
  );
}
