import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { PASSWORD_MAX_LENGTH } from '@shared/constants';
import { SuccessStatus } from '@web/components/alert';
import { commonMessages } from '@web/components/common-messages';
import { FormActions } from '@web/components/form-actions';
import { FormAlerts } from '@web/components/form-alerts';
import { NewPasswordFields, readNewPassword } from '@web/components/new-password-fields';
import { TextField } from '@web/components/text-field';
import { fieldText, useSubmit } from '@web/lib/use-submit';
import { useChangePassword } from '../api/change-password';

const messages = defineMessages({
  title: { id: 'profile.changePasswordForm.title', defaultMessage: 'Change password' },
  current: { id: 'profile.changePasswordForm.current', defaultMessage: 'Current password' },
  submit: { id: 'profile.changePasswordForm.submit', defaultMessage: 'Change password' },
});

const NEW_PASSWORD = { name: 'newPassword', confirmationName: 'confirmation' };
const FIELDS = ['currentPassword', 'newPassword', 'confirmation'];

export function ChangePasswordForm({ disabled }: { disabled: boolean }) {
  const intl = useIntl();
  const { trigger } = useChangePassword();
  const [changed, setChanged] = useState(false);
  const { onSubmit, busy, errors } = useSubmit(async (fields, form) => {
    setChanged(false);
    const { password, confirmation } = readNewPassword(fields, NEW_PASSWORD);
    await trigger({ currentPassword: fieldText(fields, 'currentPassword'), newPassword: password, confirmation });
    setChanged(true);
    form.reset();
  });

  return (
    <section className="card" aria-labelledby="change-password-title">
      <h2 id="change-password-title">{intl.formatMessage(messages.title)}</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        {changed ? <SuccessStatus>{intl.formatMessage(commonMessages.passwordChanged)}</SuccessStatus> : null}
        <FormAlerts errors={errors} shownFields={FIELDS} />
        <fieldset className="form__fieldset" disabled={disabled || busy}>
          <TextField
            name="currentPassword"
            type="password"
            label={intl.formatMessage(messages.current)}
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            error={errors.field('currentPassword')}
          />
          <NewPasswordFields {...NEW_PASSWORD} errors={errors} />
          <FormActions submitLabel={intl.formatMessage(messages.submit)} />
        </fieldset>
      </form>
    </section>
  );
}
