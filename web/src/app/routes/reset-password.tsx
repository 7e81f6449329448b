import { defineMessages, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '../../components/alert';
import { FormScreen } from '../../components/screen';
import { PasswordResetConfirmForm } from '../../features/auth/components/password-reset-confirm-form';
import { errorMessages } from '../../lib/error-messages';
import { paths } from '../../lib/paths';

const messages = defineMessages({
  title: { id: 'app.resetPassword.title', defaultMessage: 'Choose a new password' },
  newLink: { id: 'app.resetPassword.newLink', defaultMessage: 'Ask for a new link' },
});

export default function ResetPasswordRoute() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <FormScreen title={intl.formatMessage(messages.title)} cardClassName="narrow" demoNotice={false}>
      {token ? (
        <PasswordResetConfirmForm token={token} />
      ) : (
        <>
          <ErrorAlert>{intl.formatMessage(errorMessages.RESET_TOKEN_INVALID)}</ErrorAlert>
          <p>
            <Link to={paths.login()}>{intl.formatMessage(messages.newLink)}</Link>
          </p>
        </>
      )}
    </FormScreen>
  );
}
