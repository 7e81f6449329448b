// Record a loan (the owner or an editor lends directly) or edit one: the borrower (one the collection's
// owner has, as GET /collections/:id/borrowers offers them, or a new one typed in), lent on (today by default), due back (today + the collection's loan period), notes.
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { BORROWER_NAME_MAX_LENGTH, BORROWER_PHONE_MAX_LENGTH, LOAN_NOTES_MAX_LENGTH } from '@shared/lending';
import { EMAIL_MAX_LENGTH } from '@shared/constants';
import type { CreateLoanInput, Loan, UpdateLoanInput } from '@shared/schemas/lending';
import { FormActions } from '@web/components/form-actions';
import { FormAlerts } from '@web/components/form-alerts';
import { SelectField } from '@web/components/select-field';
import { TextField } from '@web/components/text-field';
import { TextareaField } from '@web/components/textarea-field';
import { fieldText, useSubmit } from '@web/lib/use-submit';
import { useCollectionBorrowers } from '../api/borrowers';

const messages = defineMessages({
  borrower: { id: 'lending.loanForm.borrower', defaultMessage: 'Borrower' },
  newBorrower: { id: 'lending.loanForm.newBorrower', defaultMessage: 'Someone new…' },
  name: { id: 'lending.loanForm.name', defaultMessage: 'Their name' },
  email: { id: 'lending.loanForm.email', defaultMessage: 'Their email address (optional)' },
  phone: { id: 'lending.loanForm.phone', defaultMessage: 'Their phone (optional)' },
  lentOn: { id: 'lending.loanForm.lentOn', defaultMessage: 'Lent on' },
  dueOn: { id: 'lending.loanForm.dueOn', defaultMessage: 'Due back on' },
  dueHint: { id: 'lending.loanForm.dueHint', defaultMessage: 'Reminders and overdue notices follow this date.' },
  returnedOn: { id: 'lending.loanForm.returnedOn', defaultMessage: 'Returned on' },
  notes: { id: 'lending.loanForm.notes', defaultMessage: 'Notes (only you see them)' },
  lend: { id: 'lending.loanForm.lend', defaultMessage: 'Lend' },
});

const FIELDS = ['borrowerId', 'borrower.name', 'borrower.email', 'borrower.phone', 'lentOn', 'dueOn', 'returnedOn', 'notes'];
const NEW = 'new';

/** A date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const today = () => new Date().toISOString().slice(0, 10);

type LoanFormProps = {
  readOnly: boolean;
  cancelTo: string;
} & (
  | { loan?: undefined; collectionId: number; loanPeriodDays: number; onSubmit: (input: CreateLoanInput) => Promise<unknown> }
  | { loan: Loan; loanPeriodDays?: undefined; onSubmit: (input: UpdateLoanInput) => Promise<unknown> }
);

export function LoanForm(props: LoanFormProps) {
  const intl = useIntl();
  const { loan, readOnly } = props;
  const borrowers = useCollectionBorrowers(loan ? loan.item.collectionId : props.collectionId);
  const list = borrowers.data?.borrowers ?? [];
  const [choice, setChoice] = useState<string>(loan ? String(loan.borrower.id) : '');
  const chosen = choice || (list.length > 0 ? String(list[0]!.id) : NEW);
  const start = loan?.lentOn ?? today();
  const { onSubmit, busy, errors } = useSubmit(async (fields) => {
    const text = (name: string) => fieldText(fields, name);
    const dates = { lentOn: text('lentOn'), dueOn: text('dueOn'), notes: text('notes') };
    if (props.loan) {
      const input: UpdateLoanInput = { ...dates, borrowerId: Number(chosen), version: props.loan.version };
      if (props.loan.state === 'returned') input.returnedOn = text('returnedOn');
      await props.onSubmit(input);
      return;
    }
    await props.onSubmit(
      chosen === NEW
        ? { ...dates, borrower: { name: text('name'), email: text('email'), phone: text('phone') } }
        : { ...dates, borrowerId: Number(chosen) },
    );
  });
  const showDates = !loan || loan.state === 'lent' || loan.state === 'returned';
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormAlerts errors={errors} shownFields={FIELDS} />
      <fieldset className="form__fieldset" disabled={readOnly || busy}>
        <SelectField
          name="borrowerId"
          label={intl.formatMessage(messages.borrower)}
          value={chosen}
          onChange={(event) => setChoice(event.target.value)}
          error={errors.field('borrowerId')}
        >
          {list.map((b) => (
            <option key={b.id} value={b.id}>
              {b.email ? `${b.name} (${b.email})` : b.name}
            </option>
          ))}
          {loan ? null : <option value={NEW}>{intl.formatMessage(messages.newBorrower)}</option>}
        </SelectField>
        {chosen === NEW && !loan ? (
          <>
            <TextField
              name="name"
              label={intl.formatMessage(messages.name)}
              required
              maxLength={BORROWER_NAME_MAX_LENGTH}
              error={errors.field('borrower.name')}
            />
            <TextField
              name="email"
              type="email"
              label={intl.formatMessage(messages.email)}
              maxLength={EMAIL_MAX_LENGTH}
              error={errors.field('borrower.email')}
            />
            <TextField
              name="phone"
              type="tel"
              label={intl.formatMessage(messages.phone)}
              maxLength={BORROWER_PHONE_MAX_LENGTH}
              error={errors.field('borrower.phone')}
            />
          </>
        ) : null}
        {showDates ? (
          <div className="form__row">
            <TextField
              name="lentOn"
              type="date"
              label={intl.formatMessage(messages.lentOn)}
              defaultValue={start}
              required
              error={errors.field('lentOn')}
            />
            <TextField
              name="dueOn"
              type="date"
              label={intl.formatMessage(messages.dueOn)}
              hint={intl.formatMessage(messages.dueHint)}
              defaultValue={loan ? (loan.dueOn ?? '') : addDays(start, props.loanPeriodDays ?? 21)}
              error={errors.field('dueOn')}
            />
          </div>
        ) : null}
        {loan?.state === 'returned' ? (
          <TextField
            name="returnedOn"
            type="date"
            label={intl.formatMessage(messages.returnedOn)}
            defaultValue={loan.returnedOn ?? ''}
            error={errors.field('returnedOn')}
          />
        ) : null}
        <TextareaField
          name="notes"
          label={intl.formatMessage(messages.notes)}
          defaultValue={loan?.notes ?? ''}
          maxLength={LOAN_NOTES_MAX_LENGTH}
          error={errors.field('notes')}
        />
        <FormActions submitLabel={loan ? undefined : intl.formatMessage(messages.lend)} cancelTo={props.cancelTo} />
      </fieldset>
    </form>
  );
}
