import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { PASSWORD_MAX_LENGTH } from '@shared/constants';
import type { Profile, UpdateProfileInput } from '@shared/schemas/users';
import { ErrorAlert, SuccessStatus } from '@web/components/alert';
import { commonMessages } from '@web/components/common-messages';
import { TextField } from '@web/components/text-field';
import { useFormErrors } from '@web/lib/use-form-errors';
import { useUpdateProfile } from '../api/update-profile';
import { ApiError } from '@web/lib/api-client';
import { checkForm } from '@web/lib/form-check';
import { useFocusFirstInvalid } from '@web/lib/use-submit';

const messages = defineMessages({
  title: { id: 'profile.profileDetailsForm.title', defaultMessage: 'Account' },
  username: { id: 'profile.profileDetailsForm.username', defaultMessage: 'Username' },
  email: { id: 'profile.profileDetailsForm.email', defaultMessage: 'Email address' },
  firstName: { id: 'profile.profileDetailsForm.firstName', defaultMessage: 'First name' },
  lastName: { id: 'profile.profileDetailsForm.lastName', defaultMessage: 'Last name' },
  currentPassword: { id: 'profile.profileDetailsForm.currentPassword', defaultMessage: 'Current password' },
  currentPasswordHint: {
    id: 'profile.profileDetailsForm.currentPasswordHint',
    defaultMessage: 'Needed to change the email address. The new address changes once you open the link we send to it.',
  },
});

const valued = defineMessages<{ checkInbox: { email: string }; pending: { email: string } }>({
  checkInbox: {
    id: 'profile.profileDetailsForm.checkInbox',
    defaultMessage: 'Check your new inbox: we sent a link to {email}. Your address changes once you open it.',
  },
  pending: {
    id: 'profile.profileDetailsForm.pending',
    defaultMessage: 'Waiting for confirmation: {email}. Open the link sent to that address.',
  },
});

const FIELDS = ['email', 'firstName', 'lastName', 'currentPassword'];

const normalized = (email: string) => email.trim().toLowerCase();

export function ProfileDetailsForm({ profile, disabled }: { profile: Profile; disabled: boolean }) {
  const intl = useIntl();
  const { trigger, isMutating } = useUpdateProfile();
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [email, setEmail] = useState(profile.email ?? '');
  const errors = useFormErrors(error);
  // A different address needs the current password (a session alone must not redirect resets elsewhere).
  const changingEmail = normalized(email) !== (profile.email ?? '');

  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, error);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input: UpdateProfileInput = {
      email,
      firstName: String(form.get('firstName') ?? ''),
      lastName: String(form.get('lastName') ?? ''),
    };
    if (changingEmail) input.currentPassword = String(form.get('currentPassword') ?? '');
    setError(null);
    setSaved(null);
    const issues = checkForm(event.currentTarget);
    if (issues.length > 0) {
      setError(new ApiError({ status: 0, code: 'VALIDATION_FAILED', fields: issues }));
      return;
    }
    try {
      const updated = await trigger(input);
      setEmail(updated.email ?? '');
      setSaved(
        changingEmail && updated.pendingEmail
          ? intl.formatMessage(valued.checkInbox, { email: updated.pendingEmail })
          : intl.formatMessage(commonMessages.profileUpdated),
      );
    } catch (caught) {
      setError(caught);
    }
  }

  return (
    <section className="card" aria-labelledby="profile-details-title">
      <h2 id="profile-details-title">{intl.formatMessage(messages.title)}</h2>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate ref={formRef}>
        {saved ? <SuccessStatus>{saved}</SuccessStatus> : null}
        {errors.message ? <ErrorAlert>{errors.message}</ErrorAlert> : null}
        {errors.unmatched(FIELDS).map((text) => (
          <ErrorAlert key={text}>{text}</ErrorAlert>
        ))}
        <fieldset className="form__fieldset" disabled={disabled || isMutating}>
          <TextField name="username" label={intl.formatMessage(messages.username)} value={profile.username} readOnly />
          <TextField
            name="email"
            type="email"
            label={intl.formatMessage(messages.email)}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            hint={profile.pendingEmail ? intl.formatMessage(valued.pending, { email: profile.pendingEmail }) : undefined}
            autoComplete="email"
            maxLength={254}
            error={errors.field('email')}
          />
          {changingEmail ? (
            <TextField
              name="currentPassword"
              type="password"
              label={intl.formatMessage(messages.currentPassword)}
              hint={intl.formatMessage(messages.currentPasswordHint)}
              autoComplete="current-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              error={errors.field('currentPassword')}
            />
          ) : null}
          <div className="form__row">
            <TextField
              name="firstName"
              label={intl.formatMessage(messages.firstName)}
              defaultValue={profile.firstName ?? ''}
              autoComplete="given-name"
              maxLength={100}
              error={errors.field('firstName')}
            />
            <TextField
              name="lastName"
              label={intl.formatMessage(messages.lastName)}
              defaultValue={profile.lastName ?? ''}
              autoComplete="family-name"
              maxLength={100}
              error={errors.field('lastName')}
            />
          </div>
          <div className="actions">
            <button type="submit" className="button">
              {intl.formatMessage(commonMessages.save)}
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
