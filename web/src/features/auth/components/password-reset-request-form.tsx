import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { ErrorAlert, SuccessStatus } from '@web/components/alert';
import { TextField } from '@web/components/text-field';
import { fieldText, useSubmit } from '@web/lib/use-submit';
import { useRequestPasswordReset } from '../api/request-password-reset';

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
  const { trigger } = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const { onSubmit, busy, errors } = useSubmit(async (fields) => {
    await trigger({ login: fieldText(fields, 'login') });
    setSent(true);
  });

  return (
    <section className="card" id={id} aria-labelledby="password-reset-request-title">
      <h2 id="password-reset-request-title">{intl.formatMessage(messages.title)}</h2>
      <p className="muted">{intl.formatMessage(messages.intro)}</p>
      <form
        className="form"
        onSubmit={(event) => {
          // A new request hides the answer to the last one, even when a field refuses it.
          setSent(false);
          onSubmit(event);
        }}
        noValidate
      >
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
          <button type="submit" className="button" disabled={busy}>
            {intl.formatMessage(messages.submit)}
          </button>
        </div>
      </form>
    </section>
  );
}
