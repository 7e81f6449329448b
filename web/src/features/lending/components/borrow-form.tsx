// The borrow request form (docs/product.md §2), on the shell of a visitor's requests
// (visitor-request-form.tsx): who asks (requester-fields.tsx), a reservation's dates, one large button.
import { Send } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { Item } from '@shared/schemas/items';
import { commonMessages } from '@web/components/common-messages';
import { fieldText } from '@web/lib/use-submit';
import { sendBorrowRequest } from '../api/borrow-requests';
import { RESERVATION_FIELDS, ReservationFields } from './reservation-fields';
import { REQUESTER_FIELDS, requesterInput, type Requester } from './requester-fields';
import { VisitorRequestForm } from './visitor-request-form';

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
  demo: {
    id: 'lending.borrowForm.demo',
    defaultMessage: 'This is the demo: requests cannot be sent from it. On your own instance, the owner would get this one by email.',
  },
});

const FIELDS = [...REQUESTER_FIELDS, ...RESERVATION_FIELDS];

export type { Requester };

export function BorrowForm({ item, readOnly, requester }: { item: Item; readOnly: boolean; requester?: Requester }) {
  const intl = useIntl();
  return (
    <VisitorRequestForm
      item={item}
      readOnly={readOnly}
      requester={requester}
      idPrefix="borrow"
      icon={Send}
      shownFields={FIELDS}
      words={{
        intro: intl.formatMessage(messages.intro),
        demo: intl.formatMessage(messages.demo),
        submit: intl.formatMessage(messages.submit),
        done: intl.formatMessage(commonMessages.borrowRequestSent),
        next: intl.formatMessage(messages.next),
      }}
      send={async (fields) => {
        await sendBorrowRequest(item.collectionId, item.id, {
          ...requesterInput(fields),
          reservedFrom: fieldText(fields, 'reservedFrom'),
          reservedTo: fieldText(fields, 'reservedTo'),
        });
      }}
      fields={(errors) => <ReservationFields collectionId={item.collectionId} itemId={item.id} errors={errors} />}
    />
  );
}
