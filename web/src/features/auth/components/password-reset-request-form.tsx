import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { ErrorAlert, SuccessStatus } from '@web/components/alert';
import { TextField } from '@web/components/text-field';
import { useFormErrors } from '@web/lib/use-form-errors';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { ApiError } from '@web/lib/api-client';
import { checkForm } from '@web/lib/form-check';
import { useFocusFirstInvalid } from '@web/lib/use-submit';

const messages = defineMessages({
  title: { id: 'auth.passwordResetRequestForm.title', defaultMessage: 'Reset your password' },
  intro: {
    id: 'auth.passwordResetRequestForm.intro',
    defaultMessage: 'Enter your username or email address: a link to choose a new password will be emailed to you.',
  },
  login: { id: 'auth.passwordResetRequestForm.login', defaultMessage: 'Your username or email address' },
  submit: { id: 'auth.passwordResetRequestForm.submit', defaultMessage: 'Send me a reset link' },
  sent: {
    id: 'auth.passwordResetRequestForm.sent',
    defaultMessage:
      'If an account matches, a reset link has been sent. If nothing arrives within a few minutes, contact the administrator.',
  },
});

export function PasswordResetRequestForm({ id }: { id?: string }) {
  const intl = useIntl();
  const { trigger, isMutating } = useRequestPasswordReset();
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState(false);
  const errors = useFormErrors(error);

  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, error);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    setSent(false);
    const issues = checkForm(event.currentTarget);
    if (issues.length > 0) {
      setError(new ApiError({ status: 0, code: 'VALIDATION_FAILED', fields: issues }));
      return;
    }
    try {
      await trigger({ login: String(form.get('login') ?? '') });
      setSent(true);
    } catch (caught) {
      setError(caught);
    }
  }

  return (
    <section className="card" id={id} aria-labelledby="password-reset-request-title">
      <h2 id="password-reset-request-title">{intl.formatMessage(messages.title)}</h2>
      <p className="muted">{intl.formatMessage(messages.intro)}</p>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate ref={formRef}>
        {sent ? <SuccessStatus>{intl.formatMessage(messages.sent)}</SuccessStatus> : null}
        {errors.message ? <ErrorAlert>{errors.message}</ErrorAlert> : null}
        <TextField
          name="login"
          label={intl.formatMessage(messages.login)}
          autoComplete="username"
          required
          maxLength={254}
          error={errors.field('login')}
        />
        <div className="actions">
          <button type="submit" className="button" disabled={isMutating}>
            {intl.formatMessage(messages.submit)}
          </button>
        </div>
      </form>
    </section>
  );
}
