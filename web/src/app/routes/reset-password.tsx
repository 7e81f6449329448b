import { defineMessages, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@web/components/alert';
import { Loading } from '@web/components/loading';
import { FormScreen } from '@web/components/screen';
import { useCheckPasswordReset } from '@web/features/auth/api/check-password-reset';
import { PasswordResetConfirmForm } from '@web/features/auth/components/password-reset-confirm-form';
import { isApiError } from '@web/lib/api-client';
import { errorMessages } from '@web/lib/error-catalogue';
import { paths } from '@web/lib/paths';

const messages = defineMessages({
  title: { id: 'app.resetPassword.title', defaultMessage: 'Choose a new password' },
  invalidTitle: { id: 'app.resetPassword.invalidTitle', defaultMessage: 'This link no longer works' },
  newLink: { id: 'app.resetPassword.newLink', defaultMessage: 'Ask for a new link' },
});

/**
 * The emailed link's screen. The link is checked first (without being spent): an expired, used or
 * mangled link says so, with the way to a new one, instead of a form that would only fail at the end.
 */
export default function ResetPasswordRoute() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useCheckPasswordReset(token);
  const invalid = !token || (isApiError(check.error) && check.error.code === 'RESET_TOKEN_INVALID');
  return (
    <FormScreen title={intl.formatMessage(invalid ? messages.invalidTitle : messages.title)} cardClassName="narrow" demoNotice={false}>
      {invalid ? (
        <>
          <ErrorAlert>{intl.formatMessage(errorMessages.RESET_TOKEN_INVALID)}</ErrorAlert>
          <p>
            <Link className="button" to={paths.login()}>
              {intl.formatMessage(messages.newLink)}
            </Link>
          </p>
        </>
      ) : check.isLoading ? (
        <Loading />
      ) : (
        // Any other failure of the check (offline, demo mode) leaves the form: sending it says why.
        <PasswordResetConfirmForm token={token} />
      )}
    </FormScreen>
  );
}
