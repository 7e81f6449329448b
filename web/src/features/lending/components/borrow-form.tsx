// The borrow request form (docs/product.md §2), built for a phone first: name, email, an optional message and
// a reservation's dates, one large button. A hidden "website" field catches form-filling robots (people never see it).
import { Send } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { BORROW_HONEYPOT_FIELD, BORROWER_NAME_MAX_LENGTH, LOAN_MESSAGE_MAX_LENGTH } from '../../../../../shared/lending';
import { EMAIL_MAX_LENGTH } from '../../../../../shared/constants';
import type { Item } from '../../../../../shared/schemas/items';
import { SuccessStatus } from '../../../components/alert';
import { Button, ButtonLink } from '../../../components/button';
import { commonMessages } from '../../../components/common-messages';
import { FormAlerts } from '../../../components/form-alerts';
import { TextField } from '../../../components/text-field';
import { TextareaField } from '../../../components/textarea-field';
import { paths } from '../../../lib/paths';
import { fieldText, useSubmit } from '../../../lib/use-submit';
import { sendBorrowRequest } from '../api/borrow-requests';
import { RESERVATION_FIELDS, ReservationFields } from './reservation-fields';
// Its own styles: the borrow page is often the first page a visitor opens (a QR label, a shared link).
import './lending.css';

const messages = defineMessages({
  intro: {
    id: 'lending.borrowForm.intro',
    defaultMessage: 'The owner gets your request by email and answers it. You will get a private link to follow it.',
  },
  name: { id: 'lending.borrowForm.name', defaultMessage: 'Your name' },
  email: { id: 'lending.borrowForm.email', defaultMessage: 'Your email address' },
  message: { id: 'lending.borrowForm.message', defaultMessage: 'Message to the owner (optional)' },
  website: { id: 'lending.borrowForm.website', defaultMessage: 'Leave this field empty' },
  submit: { id: 'lending.borrowForm.submit', defaultMessage: 'Send my request' },
  next: {
    id: 'lending.borrowForm.next',
    defaultMessage: 'Check your email: it holds a private link where you can follow your request, or cancel it.',
  },
  backToItem: { id: 'lending.borrowForm.backToItem', defaultMessage: 'Back to the item' },
  demo: {
    id: 'lending.borrowForm.demo',
    defaultMessage: 'This is the demo: requests cannot be sent from it. On your own instance, the owner would get this one by email.',
  },
});

const FIELDS = ['name', 'email', 'message', ...RESERVATION_FIELDS];

/** Who is asking, when signed in: their name and address fill the form (they may still change them). */
export interface Requester {
  name: string;
  email: string | null;
}

export function BorrowForm({ item, readOnly, requester }: { item: Item; readOnly: boolean; requester?: Requester }) {
  const intl = useIntl();
  const [sent, setSent] = useState(false);
  const { onSubmit, busy, errors } = useSubmit(async (fields) => {
    const text = (name: string) => fieldText(fields, name);
    await sendBorrowRequest(item.collectionId, item.id, {
      name: text('name'),
      email: text('email'),
      message: text('message'),
      reservedFrom: text('reservedFrom'),
      reservedTo: text('reservedTo'),
      [BORROW_HONEYPOT_FIELD]: text(BORROW_HONEYPOT_FIELD),
    });
    setSent(true);
  });
  if (sent) {
    return (
      <div className="borrow-sent">
        <SuccessStatus>{intl.formatMessage(commonMessages.borrowRequestSent)}</SuccessStatus>
        <p>{intl.formatMessage(messages.next)}</p>
        <ButtonLink variant="secondary" to={paths.item(item.collectionId, item.id)}>
          {intl.formatMessage(messages.backToItem)}
        </ButtonLink>
      </div>
    );
  }
  return (
    <form className="form borrow-form" onSubmit={onSubmit} noValidate>
      <p className="muted">{intl.formatMessage(messages.intro)}</p>
      {readOnly ? (
        <p className="demo-notice" id="borrow-form-demo">
          {intl.formatMessage(messages.demo)}
        </p>
      ) : null}
      <FormAlerts errors={errors} shownFields={FIELDS} />
      <fieldset className="form__fieldset" disabled={readOnly || busy}>
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
        <ReservationFields collectionId={item.collectionId} itemId={item.id} errors={errors} />
        <div className="borrow-form__trap" aria-hidden="true">
          <label htmlFor="borrow-website">{intl.formatMessage(messages.website)}</label>
          <input id="borrow-website" name={BORROW_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className="actions">
          <Button type="submit" icon={Send} className="borrow-form__submit" aria-describedby={readOnly ? 'borrow-form-demo' : undefined}>
            {intl.formatMessage(messages.submit)}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
