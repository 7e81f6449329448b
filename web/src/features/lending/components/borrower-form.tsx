// A borrower's details: a name, and optionally an email (without one, nothing is sent), a phone number and notes.
import { defineMessages, useIntl } from 'react-intl';
import { BORROWER_NAME_MAX_LENGTH, BORROWER_NOTES_MAX_LENGTH, BORROWER_PHONE_MAX_LENGTH } from '@shared/lending';
import { EMAIL_MAX_LENGTH } from '@shared/constants';
import type { Borrower, CreateBorrowerInput } from '@shared/schemas/lending';
import { FormActions } from '@web/components/form-actions';
import { FormAlerts } from '@web/components/form-alerts';
import { TextField } from '@web/components/text-field';
import { TextareaField } from '@web/components/textarea-field';
import { fieldText, useSubmit } from '@web/lib/use-submit';

const messages = defineMessages({
  name: { id: 'lending.borrowerForm.name', defaultMessage: 'Name' },
  email: { id: 'lending.borrowerForm.email', defaultMessage: 'Email address (optional)' },
  emailHint: {
    id: 'lending.borrowerForm.emailHint',
    defaultMessage: 'Reminders and overdue notices go to this address; without one, none are sent.',
  },
  phone: { id: 'lending.borrowerForm.phone', defaultMessage: 'Phone (optional)' },
  notes: { id: 'lending.borrowerForm.notes', defaultMessage: 'Notes (optional, only you see them)' },
});

const FIELDS = ['name', 'email', 'phone', 'notes'];

export function BorrowerForm({
  borrower,
  readOnly,
  cancelTo,
  onSubmit: save,
}: {
  borrower?: Borrower;
  readOnly: boolean;
  cancelTo: string;
  onSubmit: (input: CreateBorrowerInput & { version?: number }) => Promise<unknown>;
}) {
  const intl = useIntl();
  const { onSubmit, busy, errors } = useSubmit(async (fields) => {
    const text = (name: string) => fieldText(fields, name);
    await save({
      name: text('name'),
      email: text('email'),
      phone: text('phone'),
      notes: text('notes'),
      ...(borrower ? { version: borrower.version } : {}),
    });
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormAlerts errors={errors} shownFields={FIELDS} />
      <fieldset className="form__fieldset" disabled={readOnly || busy}>
        <TextField
          name="name"
          label={intl.formatMessage(messages.name)}
          defaultValue={borrower?.name ?? ''}
          required
          maxLength={BORROWER_NAME_MAX_LENGTH}
          error={errors.field('name')}
        />
        <TextField
          name="email"
          type="email"
          label={intl.formatMessage(messages.email)}
          hint={intl.formatMessage(messages.emailHint)}
          defaultValue={borrower?.email ?? ''}
          maxLength={EMAIL_MAX_LENGTH}
          error={errors.field('email')}
        />
        <TextField
          name="phone"
          type="tel"
          label={intl.formatMessage(messages.phone)}
          defaultValue={borrower?.phone ?? ''}
          maxLength={BORROWER_PHONE_MAX_LENGTH}
          error={errors.field('phone')}
        />
        <TextareaField
          name="notes"
          label={intl.formatMessage(messages.notes)}
          defaultValue={borrower?.notes ?? ''}
          maxLength={BORROWER_NOTES_MAX_LENGTH}
          error={errors.field('notes')}
        />
        <FormActions cancelTo={cancelTo} />
      </fieldset>
    </form>
  );
}
