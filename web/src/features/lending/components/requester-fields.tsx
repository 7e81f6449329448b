// Who asks, in the forms a visitor fills to borrow an item or to wait for it: name, email, an optional
// message, and a hidden "website" field that catches form-filling robots (people never see it).
import { defineMessages, useIntl } from 'react-intl';
import { BORROW_HONEYPOT_FIELD, BORROWER_NAME_MAX_LENGTH, LOAN_MESSAGE_MAX_LENGTH } from '@shared/lending';
import { EMAIL_MAX_LENGTH } from '@shared/constants';
import { TextField } from '@web/components/text-field';
import { TextareaField } from '@web/components/textarea-field';
import type { ReactNode } from 'react';
import type { FormErrors } from '@web/lib/use-form-errors';
import { fieldText } from '@web/lib/use-submit';

const messages = defineMessages({
  name: { id: 'lending.borrowForm.name', defaultMessage: 'Your name' },
  email: { id: 'lending.borrowForm.email', defaultMessage: 'Your email address' },
  message: { id: 'lending.borrowForm.message', defaultMessage: 'Message to the owner (optional)' },
  website: { id: 'lending.borrowForm.website', defaultMessage: 'Leave this field empty' },
});

/** The fields these forms show an error beside (the others go in the alert above the form). */
export const REQUESTER_FIELDS = ['name', 'email', 'message'];

/** Who is asking, when signed in: their name and address fill the form (they may still change them). */
export interface Requester {
  name: string;
  email: string | null;
}

/** What the fields hold, as the API takes it. */
export function requesterInput(fields: FormData) {
  const text = (name: string) => fieldText(fields, name);
  return { name: text('name'), email: text('email'), message: text('message'), [BORROW_HONEYPOT_FIELD]: text(BORROW_HONEYPOT_FIELD) };
}

/** The fields, with the honeypot last; `idPrefix` keeps the honeypot's id unique on the page. */
export function RequesterFields({
  requester,
  errors,
  idPrefix,
  children,
}: {
  requester?: Requester;
  errors: FormErrors;
  idPrefix: string;
  /** Fields of the form's own, shown after the message. */
  children?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <>
      <TextField
        name="name"
        label={intl.formatMessage(messages.name)}
        autoComplete="name"
        required
        maxLength={BORROWER_NAME_MAX_LENGTH}
        defaultValue={requester?.name}
        error={errors.field('name')}
      />
      <TextField
        name="email"
        type="email"
        inputMode="email"
        label={intl.formatMessage(messages.email)}
        autoComplete="email"
        required
        maxLength={EMAIL_MAX_LENGTH}
        defaultValue={requester?.email ?? undefined}
        error={errors.field('email')}
      />
      <TextareaField
        name="message"
        label={intl.formatMessage(messages.message)}
        rows={3}
        maxLength={LOAN_MESSAGE_MAX_LENGTH}
        error={errors.field('message')}
      />
      {children}
      <div className="borrow-form__trap" aria-hidden="true">
        <label htmlFor={`${idPrefix}-website`}>{intl.formatMessage(messages.website)}</label>
        <input id={`${idPrefix}-website`} name={BORROW_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
    </>
  );
}
