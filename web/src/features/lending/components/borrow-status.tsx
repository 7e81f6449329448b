// The requester's private page (from the link in their email): where the request stands in plain words,
// its dates, the owner's answer, and "Cancel my request" while it can still be withdrawn.
import { defineMessages, useIntl } from 'react-intl';
import { useState } from 'react';
import type { LoanState } from '@shared/lending';
import type { BorrowRequestStatus } from '@shared/schemas/lending';
import { ErrorAlert, SuccessStatus } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { describeError } from '@web/lib/error-messages';
import { paths } from '@web/lib/paths';
import { useAction } from '@web/lib/use-action';
import { cancelBorrowRequest } from '../api/borrow-requests';
import { formatDay, reservationText } from './loan-words';
// Its own styles: the status page is opened from an email link, as the first page of a visit.
import './lending.css';
import { useTimeZone } from '@web/lib/use-time-zone';

const stateWords = defineMessages<Record<LoanState, { owner: string; due: string }>>({
  asked: { id: 'lending.borrowStatus.asked', defaultMessage: '{owner} has your request and has not answered yet.' },
  accepted: {
    id: 'lending.borrowStatus.accepted',
    defaultMessage: '{owner} accepted your request and will tell you when to take the item.',
  },
  rejected: { id: 'lending.borrowStatus.rejected', defaultMessage: '{owner} declined your request.' },
  lent: { id: 'lending.borrowStatus.lent', defaultMessage: 'The item is lent to you. Please give it back by {due}.' },
  returned: { id: 'lending.borrowStatus.returned', defaultMessage: 'You gave the item back. Thank you!' },
});

const messages = defineMessages<{
  response: { response: string };
  cancel: Record<string, never>;
  confirm: Record<string, never>;
  keep: Record<string, never>;
  cancelled: Record<string, never>;
  asked: { date: string };
  see: Record<string, never>;
}>({
  response: { id: 'lending.borrowStatus.response', defaultMessage: 'Their message: {response}' },
  cancel: { id: 'lending.borrowStatus.cancel', defaultMessage: 'Cancel my request' },
  confirm: { id: 'lending.borrowStatus.confirm', defaultMessage: 'Yes, cancel it' },
  keep: { id: 'lending.borrowStatus.keep', defaultMessage: 'Keep it' },
  cancelled: { id: 'lending.borrowStatus.cancelled', defaultMessage: 'Your request is cancelled. The owner will not see it any more.' },
  asked: { id: 'lending.borrowStatus.askedOn', defaultMessage: 'Asked on {date}' },
  see: { id: 'lending.borrowStatus.see', defaultMessage: 'See the item' },
});

export function BorrowStatus({ status, token }: { status: BorrowRequestStatus; token: string }) {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const [confirming, setConfirming] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const cancel = useAction(async () => {
    await cancelBorrowRequest(token);
    setCancelled(true);
  });
  if (cancelled) return <SuccessStatus>{intl.formatMessage(messages.cancelled)}</SuccessStatus>;
  const due = status.dueOn ? formatDay(intl, status.dueOn) : '';
  const reservation = status.state === 'lent' || status.state === 'returned' ? null : reservationText(intl, status);
  return (
    <div className="stack">
      <p className="availability__text" data-testid="borrow-state">
        {intl.formatMessage(stateWords[status.state], { owner: status.ownerName, due })}
      </p>
      {reservation ? <p>{reservation}</p> : null}
      {status.state === 'rejected' && status.response ? (
        <p>{intl.formatMessage(messages.response, { response: status.response })}</p>
      ) : null}
      {status.askedAt ? (
        <p className="muted">
          {intl.formatMessage(messages.asked, { date: intl.formatDate(status.askedAt, { dateStyle: 'long', timeZone }) })}
        </p>
      ) : null}
      <div className="actions">
        <ButtonLink variant="secondary" to={paths.item(status.item.collectionId, status.item.id)}>
          {intl.formatMessage(messages.see)}
        </ButtonLink>
        {status.cancellable && !confirming ? (
          <Button variant="quiet" onClick={() => setConfirming(true)}>
            {intl.formatMessage(messages.cancel)}
          </Button>
        ) : null}
      </div>
      {confirming ? (
        <div className="actions" role="group" aria-label={intl.formatMessage(messages.cancel)}>
          <Button variant="danger" disabled={cancel.busy} onClick={() => void cancel.run()}>
            {intl.formatMessage(messages.confirm)}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {intl.formatMessage(messages.keep)}
          </Button>
        </div>
      ) : null}
      {cancel.error ? <ErrorAlert>{describeError(intl, cancel.error)}</ErrorAlert> : null}
    </div>
  );
}
