import { useState } from 'react';
import type { FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../../shared/constants';
import { ErrorAlert, SuccessStatus } from '../../../components/alert';
import { commonMessages } from '../../../components/common-messages';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useChangePassword } from '../api/change-password';

const messages = defineMessages({
  title: { id: 'profile.changePasswordForm.title', defaultMessage: 'Change password' },
  current: { id: 'profile.changePasswordForm.current', defaultMessage: 'Current password' },
  next: { id: 'profile.changePasswordForm.next', defaultMessage: 'New password' },
  confirmation: { id: 'profile.changePasswordForm.confirmation', defaultMessage: 'Confirm the new password' },
  submit: { id: 'profile.changePasswordForm.submit', defaultMessage: 'Change password' },
});

const valued = defineMessages<{ nextHint: { min: number } }>({
  nextHint: { id: 'profile.changePasswordForm.nextHint', defaultMessage: 'At least {min, number} characters.' },
});

const FIELDS = ['currentPassword', 'newPassword', 'confirmation'];

export function ChangePasswordForm({ disabled }: { disabled: boolean }) {
  const intl = useIntl();
  const { trigger, isMutating } = useChangePassword();
  const [error, setError] = useState<unknown>(null);
  const [changed, setChanged] = useState(false);
  const errors = useFormErrors(error);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const input = {
      currentPassword: String(form.get('currentPassword') ?? ''),
      newPassword: String(form.get('newPassword') ?? ''),
      confirmation: String(form.get('confirmation') ?? ''),
    };
    setError(null);
    setChanged(false);
    if (input.newPassword !== input.confirmation) {
      setError(new ApiError({ status: 400, code: 'PASSWORDS_NOT_EQUAL' }));
      return;
    }
    try {
      await trigger(input);
      setChanged(true);
      formElement.reset();
    } catch (caught) {
      setError(caught);
    }
  }

  return (
    <section className="card" aria-labelledby="change-password-title">
      <h2 id="change-password-title">{intl.formatMessage(messages.title)}</h2>
      <form className="form" onSubmit={onSubmit}>
        {changed ? <SuccessStatus>{intl.formatMessage(commonMessages.passwordChanged)}</SuccessStatus> : null}
        {errors.message ? <ErrorAlert>{errors.message}</ErrorAlert> : null}
        {errors.unmatched(FIELDS).map((text) => (
          <ErrorAlert key={text}>{text}</ErrorAlert>
        ))}
        <fieldset className="form__fieldset" disabled={disabled || isMutating}>
          <TextField
            name="currentPassword"
            type="password"
            label={intl.formatMessage(messages.current)}
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            error={errors.field('currentPassword')}
          />
          <TextField
            name="newPassword"
            type="password"
            label={intl.formatMessage(messages.next)}
            hint={intl.formatMessage(valued.nextHint, { min: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            error={errors.field('newPassword')}
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
            <button type="submit" className="button">
              {intl.formatMessage(messages.submit)}
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
