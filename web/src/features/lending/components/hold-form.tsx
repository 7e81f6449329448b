// "Join the waiting list": the borrow form's twin for an item with no copy left (docs/product.md "Loans":
// holds). Name and email (the offer comes by email), an optional message, the same honeypot.
import { ListPlus } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { BORROW_HONEYPOT_FIELD, BORROWER_NAME_MAX_LENGTH, LOAN_MESSAGE_MAX_LENGTH } from '../../../../../shared/lending';
import { EMAIL_MAX_LENGTH } from '../../../../../shared/constants';
import type { Item } from '../../../../../shared/schemas/items';
import { SuccessStatus } from '../../../components/alert';
import { Button, ButtonLink } from '../../../components/button';
import { FormAlerts } from '../../../components/form-alerts';
import { TextField } from '../../../components/text-field';
import { TextareaField } from '../../../components/textarea-field';
import { paths } from '../../../lib/paths';
import { fieldText, useSubmit } from '../../../lib/use-submit';
import { joinHold } from '../api/holds';
import type { Requester } from './borrow-form';
import { holdWords } from './hold-words';
import './lending.css';

const messages = defineMessages({
  intro: {
    id: 'lending.holdForm.intro',
    defaultMessage:
      'Every copy is lent. Join the waiting list: when a copy comes back and it is your turn, you get an email offering it to you, with a few days to answer.',
  },
  name: { id: 'lending.holdForm.name', defaultMessage: 'Your name' },
  email: { id: 'lending.holdForm.email', defaultMessage: 'Your email address' },
  message: { id: 'lending.holdForm.message', defaultMessage: 'Message to the owner (optional)' },
  website: { id: 'lending.holdForm.website', defaultMessage: 'Leave this field empty' },
  joined: { id: 'lending.holdForm.joined', defaultMessage: 'You are in the waiting list.' },
  next: {
    id: 'lending.holdForm.next',
    defaultMessage: 'Check your email: it tells you your place in line. The offer will come the same way.',
  },
  backToItem: { id: 'lending.holdForm.backToItem', defaultMessage: 'Back to the item' },
  demo: { id: 'lending.holdForm.demo', defaultMessage: 'This is the demo: nobody can join a waiting list from it.' },
});

const FIELDS = ['name', 'email', 'message'];

export function HoldForm({ item, readOnly, requester }: { item: Item; readOnly: boolean; requester?: Requester }) {
  const intl = useIntl();
  const [joined, setJoined] = useState(false);
  const { onSubmit, busy, errors } = useSubmit(async (fields) => {
    const text = (name: string) => fieldText(fields, name);
    await joinHold(item.collectionId, item.id, {
      name: text('name'),
      email: text('email'),
      message: text('message'),
      [BORROW_HONEYPOT_FIELD]: text(BORROW_HONEYPOT_FIELD),
    });
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
        <div className="borrow-form__trap" aria-hidden="true">
          <label htmlFor="hold-website">{intl.formatMessage(messages.website)}</label>
          <input id="hold-website" name={BORROW_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className="actions">
          <Button type="submit" icon={ListPlus} className="borrow-form__submit" aria-describedby={readOnly ? 'hold-form-demo' : undefined}>
            {intl.formatMessage(holdWords.join)}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
