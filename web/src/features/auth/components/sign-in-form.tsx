import { defineMessages, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ErrorAlert } from '@web/components/alert';
import { TextField } from '@web/components/text-field';
import { isApiError } from '@web/lib/api-client';
import { saveSession } from '@web/lib/session';
import { isVisitorIndependent } from '@web/lib/use-api-info';
import { fieldText, useSubmit } from '@web/lib/use-submit';
import { useCreateToken } from '../api/create-token';

const messages = defineMessages({
  login: { id: 'auth.signInForm.login', defaultMessage: 'Username or email' },
  password: { id: 'auth.signInForm.password', defaultMessage: 'Password' },
  submit: { id: 'auth.signInForm.submit', defaultMessage: 'Sign in' },
  // The server answers every failure the same way (a disabled account too), so as not to confirm a guess.
  failedHint: {
    id: 'auth.signInForm.failedHint',
    defaultMessage: 'Check your username and password. A disabled account cannot sign in either: ask the administrator.',
  },
  // Past the limits, a device that signed in before (or that resets the password by email) still gets in.
  slowedHint: {
    id: 'auth.signInForm.slowedHint',
    defaultMessage:
      'If you did not try this often yourself, someone may be guessing this account’s password. Resetting your password by email (“Forgot password?” below) lets this device in at once.',
  },
});

/** Where to go after signing in: back to the page that asked for it, else home. */
function nextPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

export function SignInForm() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const { mutate } = useSWRConfig();
  const { trigger } = useCreateToken();
  const { onSubmit, busy, error, errors } = useSubmit(async (fields) => {
    const result = await trigger({ login: fieldText(fields, 'login'), password: fieldText(fields, 'password') });
    saveSession(result);
    // Whatever was cached belonged to the previous visitor.
    await mutate((key) => !isVisitorIndependent(key), undefined, { revalidate: false });
    void navigate(nextPath(location.state), { replace: true });
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {errors.message ? (
        <ErrorAlert>
          {errors.message}
          {isApiError(error) && error.code === 'LOGIN_FAILED' ? ` ${intl.formatMessage(messages.failedHint)}` : null}
          {isApiError(error) && error.code === 'TOO_MANY_REQUESTS' ? ` ${intl.formatMessage(messages.slowedHint)}` : null}
        </ErrorAlert>
      ) : null}
      <TextField
        name="login"
        label={intl.formatMessage(messages.login)}
        autoComplete="username"
        required
        maxLength={254}
        error={errors.field('login')}
      />
      <TextField
        name="password"
        type="password"
        label={intl.formatMessage(messages.password)}
        autoComplete="current-password"
        required
        maxLength={200}
        error={errors.field('password')}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {intl.formatMessage(messages.submit)}
        </button>
      </div>
    </form>
  );
}
