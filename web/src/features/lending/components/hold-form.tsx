// "Join the waiting list": the borrow form's twin for an item with no copy left (docs/product.md "Loans":
// holds). Who asks (requester-fields.tsx): the email matters most, as the offer comes by email.
import { ListPlus } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Item } from '@shared/schemas/items';
import { SuccessStatus } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { FormAlerts } from '@web/components/form-alerts';
import { paths } from '@web/lib/paths';
import { useSubmit } from '@web/lib/use-submit';
import { joinHold } from '../api/holds';
import { holdWords } from './hold-words';
import { REQUESTER_FIELDS, RequesterFields, requesterInput, type Requester } from './requester-fields';
import './lending.css';

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
  backToItem: { id: 'lending.holdForm.backToItem', defaultMessage: 'Back to the item' },
  demo: { id: 'lending.holdForm.demo', defaultMessage: 'This is the demo: nobody can join a waiting list from it.' },
});

export function HoldForm({ item, readOnly, requester }: { item: Item; readOnly: boolean; requester?: Requester }) {
  const intl = useIntl();
  const [joined, setJoined] = useState(false);
  const { onSubmit, busy, errors } = useSubmit(async (fields) => {
    await joinHold(item.collectionId, item.id, requesterInput(fields));
    setJoined(true);
  });
  if (joined) {
    return (
      <div className="borrow-sent">
        <SuccessStatus>{intl.formatMessage(messages.joined)}</SuccessStatus>
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
        <p className="demo-notice" id="hold-form-demo">
          {intl.formatMessage(messages.demo)}
        </p>
      ) : null}
      <FormAlerts errors={errors} shownFields={REQUESTER_FIELDS} />
      <fieldset className="form__fieldset" disabled={readOnly || busy}>
        <RequesterFields requester={requester} errors={errors} idPrefix="hold" />
        <div className="actions">
          <Button type="submit" icon={ListPlus} className="borrow-form__submit" aria-describedby={readOnly ? 'hold-form-demo' : undefined}>
            {intl.formatMessage(holdWords.join)}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
