// Create or edit an account. On the built-in administrator's record, username and enabled are locked.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../../shared/constants';
import type { CreateUserInput, UpdateUserInput, User } from '../../../../../shared/schemas/users';
import { ErrorAlert } from '../../../components/alert';
import { CheckboxField } from '../../../components/checkbox-field';
import { commonMessages } from '../../../components/common-messages';
import { TextField } from '../../../components/text-field';
import { paths } from '../../../lib/paths';
import { useFormErrors } from '../../../lib/use-form-errors';

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

const valued = defineMessages<{ passwordHint: { min: number } }>({
  passwordHint: { id: 'users.userForm.passwordHint', defaultMessage: 'At least {min, number} characters.' },
});

const FIELDS = ['username', 'password', 'firstName', 'lastName', 'email', 'isAdmin', 'enabled'];

type UserFormProps =
  | { user?: undefined; readOnly: boolean; onSubmit: (input: CreateUserInput) => Promise<unknown> }
  | { user: User; readOnly: boolean; onSubmit: (input: UpdateUserInput) => Promise<unknown> };

export function UserForm(props: UserFormProps) {
  const { user, readOnly } = props;
  const intl = useIntl();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const errors = useFormErrors(error);
  const builtin = user?.builtinAdmin === true;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const common = {
      email: text('email'),
      firstName: text('firstName'),
      lastName: text('lastName'),
      isAdmin: form.get('isAdmin') === 'on',
    };
    setError(null);
    setBusy(true);
    try {
      if (props.user === undefined) {
        await props.onSubmit({
          ...common,
          username: text('username'),
          password: text('password'),
          enabled: form.get('enabled') === 'on',
        });
      } else {
        const input: UpdateUserInput = { ...common };
        if (!builtin) {
          input.username = text('username');
          input.enabled = form.get('enabled') === 'on';
        }
        if (text('password')) input.password = text('password');
        await props.onSubmit(input);
      }
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit}>
      {errors.message ? <ErrorAlert>{errors.message}</ErrorAlert> : null}
      {errors.unmatched(FIELDS).map((message) => (
        <ErrorAlert key={message}>{message}</ErrorAlert>
      ))}
      <fieldset className="form__fieldset" disabled={readOnly || busy}>
        <TextField
          name="username"
          label={intl.formatMessage(messages.username)}
          defaultValue={user?.username ?? ''}
          hint={intl.formatMessage(builtin ? messages.builtinHint : messages.usernameHint)}
          autoComplete="off"
          required
          minLength={2}
          maxLength={40}
          pattern="[A-Za-z0-9._\-]+"
          disabled={builtin}
          error={errors.field('username')}
        />
        <TextField
          name="password"
          type="password"
          label={intl.formatMessage(messages.password)}
          hint={
            user
              ? intl.formatMessage(messages.passwordKeepHint)
              : intl.formatMessage(valued.passwordHint, { min: PASSWORD_MIN_LENGTH })
          }
          autoComplete="new-password"
          required={!user}
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          error={errors.field('password')}
        />
        <div className="form__row">
          <TextField
            name="firstName"
            label={intl.formatMessage(messages.firstName)}
            defaultValue={user?.firstName ?? ''}
            maxLength={100}
            error={errors.field('firstName')}
          />
          <TextField
            name="lastName"
            label={intl.formatMessage(messages.lastName)}
            defaultValue={user?.lastName ?? ''}
            maxLength={100}
            error={errors.field('lastName')}
          />
        </div>
        <TextField
          name="email"
          type="email"
          label={intl.formatMessage(messages.email)}
          defaultValue={user?.email ?? ''}
          maxLength={254}
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
        <div className="actions">
          <button type="submit" className="button">
            {intl.formatMessage(commonMessages.save)}
          </button>
          <Link className="button button--secondary" to={paths.configUsers}>
            {intl.formatMessage(commonMessages.cancel)}
          </Link>
        </div>
      </fieldset>
    </form>
  );
}
