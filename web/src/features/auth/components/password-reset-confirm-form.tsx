import { useState } from 'react';
import type { FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../../shared/constants';
import { ErrorAlert, SuccessStatus } from '../../../components/alert';
import { commonMessages } from '../../../components/common-messages';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';

const messages = defineMessages({
  password: { id: 'auth.passwordResetConfirmForm.password', defaultMessage: 'New password' },
  confirmation: { id: 'auth.passwordResetConfirmForm.confirmation', defaultMessage: 'Confirm the new password' },
  submit: { id: 'auth.passwordResetConfirmForm.submit', defaultMessage: 'Change my password' },
  signIn: { id: 'auth.passwordResetConfirmForm.signIn', defaultMessage: 'Sign in' },
});

const valued = defineMessages<{ passwordHint: { min: number } }>({
  passwordHint: {
    id: 'auth.passwordResetConfirmForm.passwordHint',
    defaultMessage: 'At least {min, number} characters.',
  },
});

export function PasswordResetConfirmForm({ token }: { token: string }) {
  const intl = useIntl();
  const { trigger, isMutating } = useConfirmPasswordReset();
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const errors = useFormErrors(error);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const confirmation = String(form.get('confirmation') ?? '');
    setError(null);
    if (password !== confirmation) {
      setError(new ApiError({ status: 400, code: 'PASSWORDS_NOT_EQUAL' }));
      return;
    }
    try {
      await trigger({ token, password, confirmation });
      setDone(true);
    } catch (caught) {
      setError(caught);
    }
  }

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
    <form className="form" onSubmit={onSubmit}>
      {errors.message ? <ErrorAlert>{errors.message}</ErrorAlert> : null}
      {errors.unmatched(['password', 'confirmation']).map((text) => (
        <ErrorAlert key={text}>{text}</ErrorAlert>
      ))}
      <TextField
        name="password"
        type="password"
        label={intl.formatMessage(messages.password)}
        hint={intl.formatMessage(valued.passwordHint, { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        error={errors.field('password')}
      />
      <TextField
        name="confirmation"
        type="password"
        label={intl.formatMessage(messages.confirmation)}
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        error={errors.field('confirmation')}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={isMutating}>
          {intl.formatMessage(messages.submit)}
        </button>
      </div>
    </form>
  );
}
