// A new password and its confirmation, as every form that sets a password asks for them: the length
// the API accepts (shared constants), and both typed the same (checked before sending).
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/constants';
import { ApiError } from '../lib/api-client';
import { fieldText } from '../lib/use-submit';
import type { FormErrors } from '../lib/use-form-errors';
import { TextField } from './text-field';

const messages = defineMessages<{ password: NoMessageValues; confirmation: NoMessageValues; hint: { min: number } }>({
  password: { id: 'components.newPasswordFields.password', defaultMessage: 'New password' },
  confirmation: { id: 'components.newPasswordFields.confirmation', defaultMessage: 'Confirm the new password' },
  hint: { id: 'components.newPasswordFields.hint', defaultMessage: 'At least {min, number} characters.' },
});

export interface NewPasswordNames {
  /** The password's field name, as the API names it (newPassword, password…). */
  name: string;
  confirmationName?: string;
}

interface NewPasswordFieldsProps extends NewPasswordNames {
  errors: FormErrors;
  /** False when leaving both empty keeps the current password. */
  required?: boolean;
  /** Other wording where "new" does not fit (an account being created). */
  labels?: { password: string; confirmation: string };
  /** Replaces the length hint (for example: leave empty to keep the password). */
  hint?: string;
}

export function NewPasswordFields({
  name,
  confirmationName = 'confirmation',
  errors,
  required = true,
  labels,
  hint,
}: NewPasswordFieldsProps) {
  const intl = useIntl();
  return (
    <>
      <TextField
        name={name}
        type="password"
        label={labels?.password ?? intl.formatMessage(messages.password)}
        hint={hint ?? intl.formatMessage(messages.hint, { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        required={required}
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        error={errors.field(name)}
      />
      <TextField
        name={confirmationName}
        type="password"
        label={labels?.confirmation ?? intl.formatMessage(messages.confirmation)}
        autoComplete="new-password"
        required={required}
        maxLength={PASSWORD_MAX_LENGTH}
        error={errors.field(confirmationName)}
      />
    </>
  );
}

/**
 * The submitted new password and its confirmation; refuses (PASSWORDS_NOT_EQUAL, as the server would)
 * when they differ, before anything is sent.
 */
export function readNewPassword(
  fields: FormData,
  { name, confirmationName = 'confirmation' }: NewPasswordNames,
): { password: string; confirmation: string } {
  const password = fieldText(fields, name);
  const confirmation = fieldText(fields, confirmationName);
  if (password !== confirmation) throw new ApiError({ status: 400, code: 'PASSWORDS_NOT_EQUAL' });
  return { password, confirmation };
}
