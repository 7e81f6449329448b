// The borrow request form (docs/product.md §2), built for a phone first: who asks (requester-fields.tsx), a
// reservation's dates, one large button.
import { Send } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Item } from '@shared/schemas/items';
import { SuccessStatus } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { commonMessages } from '@web/components/common-messages';
import { FormAlerts } from '@web/components/form-alerts';
import { paths } from '@web/lib/paths';
import { fieldText, useSubmit } from '@web/lib/use-submit';
import { sendBorrowRequest } from '../api/borrow-requests';
import { RESERVATION_FIELDS, ReservationFields } from './reservation-fields';
import { REQUESTER_FIELDS, RequesterFields, requesterInput, type Requester } from './requester-fields';
// Its own styles: the borrow page is often the first page a visitor opens (a QR label, a shared link).
import './lending.css';

const messages = defineMessages({
  intro: {
    id: 'lending.borrowForm.intro',
    defaultMessage: 'The owner gets your request by email and answers it. You will get a private link to follow it.',
  },
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

const FIELDS = [...REQUESTER_FIELDS, ...RESERVATION_FIELDS];

export type { Requester };

export function BorrowForm({ item, readOnly, requester }: { item: Item; readOnly: boolean; requester?: Requester }) {
  const intl = useIntl();
  const [sent, setSent] = useState(false);
  const { onSubmit, busy, errors } = useSubmit(async (fields) => {
    const text = (name: string) => fieldText(fields, name);
    await sendBorrowRequest(item.collectionId, item.id, {
      ...requesterInput(fields),
      reservedFrom: text('reservedFrom'),
      reservedTo: text('reservedTo'),
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
        <RequesterFields requester={requester} errors={errors} idPrefix="borrow">
          <ReservationFields collectionId={item.collectionId} itemId={item.id} errors={errors} />
        </RequesterFields>
        <div className="actions">
          <Button type="submit" icon={Send} className="borrow-form__submit" aria-describedby={readOnly ? 'borrow-form-demo' : undefined}>
            {intl.formatMessage(messages.submit)}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
