// "Join the waiting list": the borrow form's twin for an item with no copy left (docs/product.md "Loans":
// holds), on the same shell (visitor-request-form.tsx). Who asks (requester-fields.tsx): the email
// matters most, as the offer comes by email.
import { ListPlus } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { Item } from '@shared/schemas/items';
import { joinHold } from '../api/holds';
import { holdWords } from './hold-words';
import { requesterInput, type Requester } from './requester-fields';
import { VisitorRequestForm } from './visitor-request-form';

const messages = defineMessages({
  intro: {
    id: 'lending.holdForm.intro',
    defaultMessage:
      'Every copy is lent. Join the waiting list: when a copy comes back and it is your turn, you get an email offering it to you, with a few days to answer.',
  },
  joined: { id: 'lending.holdForm.joined', defaultMessage: 'You are in the waiting list.' },
  next: {
    id: 'lending.holdForm.next',
    defaultMessage: 'Check your email: it tells you your place in line. The offer will come the same way.',
  },
  demo: { id: 'lending.holdForm.demo', defaultMessage: 'This is the demo: nobody can join a waiting list from it.' },
});

export function HoldForm({ item, readOnly, requester }: { item: Item; readOnly: boolean; requester?: Requester }) {
  const intl = useIntl();
  return (
    <VisitorRequestForm
      item={item}
      readOnly={readOnly}
      requester={requester}
      idPrefix="hold"
      icon={ListPlus}
      words={{
        intro: intl.formatMessage(messages.intro),
        demo: intl.formatMessage(messages.demo),
        submit: intl.formatMessage(holdWords.join),
        done: intl.formatMessage(messages.joined),
        next: intl.formatMessage(messages.next),
      }}
      send={(fields) => joinHold(item.collectionId, item.id, requesterInput(fields))}
    />
  );
}
