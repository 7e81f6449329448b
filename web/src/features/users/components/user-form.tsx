// Create or edit an account. On the built-in administrator's record, username and enabled are locked.
import { defineMessages, useIntl } from 'react-intl';
import { EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from '@shared/constants';
import type { CreateUserInput, UpdateUserInput, User } from '@shared/schemas/users';
import { CheckboxField } from '@web/components/checkbox-field';
import { FormActions } from '@web/components/form-actions';
import { FormAlerts } from '@web/components/form-alerts';
import { NewPasswordFields, readNewPassword } from '@web/components/new-password-fields';
import { TextField } from '@web/components/text-field';
import { paths } from '@web/lib/paths';
import { fieldText, useSubmit } from '@web/lib/use-submit';

const messages = defineMessages({
  username: { id: 'users.userForm.username', defaultMessage: 'Username' },
  usernameHint: {
    id: 'users.userForm.usernameHint',
    defaultMessage: 'Letters, digits, dots, dashes and underscores; 2 to 40 characters.',
  },
  builtinHint: {
    id: 'users.userForm.builtinHint',
    defaultMessage: 'This is the built-in administrator: its username cannot change and it stays enabled.',
  },
  password: { id: 'users.userForm.password', defaultMessage: 'Password' },
  confirmation: { id: 'users.userForm.confirmation', defaultMessage: 'Confirm the password' },
  passwordKeepHint: {
    id: 'users.userForm.passwordKeepHint',
    defaultMessage: 'Leave empty to keep the current password.',
  },
  firstName: { id: 'users.userForm.firstName', defaultMessage: 'First name' },
  lastName: { id: 'users.userForm.lastName', defaultMessage: 'Last name' },
  email: { id: 'users.userForm.email', defaultMessage: 'Email address' },
  isAdmin: { id: 'users.userForm.isAdmin', defaultMessage: 'Administrator' },
  enabled: { id: 'users.userForm.enabled', defaultMessage: 'Enabled' },
  enabledHint: { id: 'users.userForm.enabledHint', defaultMessage: 'A disabled account cannot sign in.' },
});

const FIELDS = ['username', 'password', 'firstName', 'lastName', 'email', 'isAdmin', 'enabled'];
const PASSWORD = { name: 'password', confirmationName: 'confirmation' };

type UserFormProps =
  | { user?: undefined; readOnly: boolean; onSubmit: (input: CreateUserInput) => Promise<unknown> }
  | { user: User; readOnly: boolean; onSubmit: (input: UpdateUserInput) => Promise<unknown> };

export function UserForm(props: UserFormProps) {
  const { user, readOnly } = props;
  const intl = useIntl();
  const builtin = user?.builtinAdmin === true;
  const { onSubmit, busy, errors } = useSubmit(async (fields) => {
    const text = (name: string) => fieldText(fields, name);
    const { password } = readNewPassword(fields, PASSWORD);
    const common = {
      email: text('email'),
      firstName: text('firstName'),
      lastName: text('lastName'),
      isAdmin: fields.get('isAdmin') === 'on',
    };
    if (props.user === undefined) {
      await props.onSubmit({ ...common, username: text('username'), password, enabled: fields.get('enabled') === 'on' });
      return;
    }
    const input: UpdateUserInput = { ...common };
    if (!builtin) {
      input.username = text('username');
      input.enabled = fields.get('enabled') === 'on';
    }
    if (password) input.password = password;
    await props.onSubmit(input);
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormAlerts errors={errors} shownFields={FIELDS} />
      <fieldset className="form__fieldset" disabled={readOnly || busy}>
        <TextField
          name="username"
          label={intl.formatMessage(messages.username)}
          defaultValue={user?.username ?? ''}
          hint={intl.formatMessage(builtin ? messages.builtinHint : messages.usernameHint)}
          autoComplete="off"
          required
          minLength={USERNAME_MIN_LENGTH}
          maxLength={USERNAME_MAX_LENGTH}
          pattern={USERNAME_PATTERN}
          disabled={builtin}
          error={errors.field('username')}
        />
        <NewPasswordFields
          {...PASSWORD}
          errors={errors}
          required={!user}
          labels={{ password: intl.formatMessage(messages.password), confirmation: intl.formatMessage(messages.confirmation) }}
          hint={user ? intl.formatMessage(messages.passwordKeepHint) : undefined}
        />
        <div className="form__row">
          <TextField
            name="firstName"
            label={intl.formatMessage(messages.firstName)}
            defaultValue={user?.firstName ?? ''}
            maxLength={PERSON_NAME_MAX_LENGTH}
            error={errors.field('firstName')}
          />
          <TextField
            name="lastName"
            label={intl.formatMessage(messages.lastName)}
            defaultValue={user?.lastName ?? ''}
            maxLength={PERSON_NAME_MAX_LENGTH}
            error={errors.field('lastName')}
          />
        </div>
        <TextField
          name="email"
          type="email"
          label={intl.formatMessage(messages.email)}
          defaultValue={user?.email ?? ''}
          maxLength={EMAIL_MAX_LENGTH}
          error={errors.field('email')}
        />
        <CheckboxField name="isAdmin" label={intl.formatMessage(messages.isAdmin)} defaultChecked={user?.isAdmin ?? false} />
        <CheckboxField
          name="enabled"
          label={intl.formatMessage(messages.enabled)}
          hint={intl.formatMessage(messages.enabledHint)}
          defaultChecked={user?.enabled ?? true}
          disabled={builtin}
        />
        <FormActions cancelTo={paths.configUsers()} />
      </fieldset>
    </form>
  );
}
