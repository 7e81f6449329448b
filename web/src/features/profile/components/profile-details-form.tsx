import { useState } from 'react';
import type { FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { User } from '../../../../../shared/schemas/users';
import { ErrorAlert, SuccessStatus } from '../../../components/alert';
import { commonMessages } from '../../../components/common-messages';
import { TextField } from '../../../components/text-field';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useUpdateProfile } from '../api/update-profile';

const messages = defineMessages({
  title: { id: 'profile.profileDetailsForm.title', defaultMessage: 'Account' },
  username: { id: 'profile.profileDetailsForm.username', defaultMessage: 'Username' },
  email: { id: 'profile.profileDetailsForm.email', defaultMessage: 'Email address' },
  firstName: { id: 'profile.profileDetailsForm.firstName', defaultMessage: 'First name' },
  lastName: { id: 'profile.profileDetailsForm.lastName', defaultMessage: 'Last name' },
});

const FIELDS = ['email', 'firstName', 'lastName'];

export function ProfileDetailsForm({ profile, disabled }: { profile: User; disabled: boolean }) {
  const intl = useIntl();
  const { trigger, isMutating } = useUpdateProfile();
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const errors = useFormErrors(error);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    setSaved(false);
    try {
      await trigger({
        email: String(form.get('email') ?? ''),
        firstName: String(form.get('firstName') ?? ''),
        lastName: String(form.get('lastName') ?? ''),
      });
      setSaved(true);
    } catch (caught) {
      setError(caught);
    }
  }

  return (
    <section className="card" aria-labelledby="profile-details-title">
      <h2 id="profile-details-title">{intl.formatMessage(messages.title)}</h2>
      <form className="form" onSubmit={onSubmit}>
        {saved ? <SuccessStatus>{intl.formatMessage(commonMessages.profileUpdated)}</SuccessStatus> : null}
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
            defaultValue={profile.email ?? ''}
            autoComplete="email"
            maxLength={254}
            error={errors.field('email')}
          />
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
