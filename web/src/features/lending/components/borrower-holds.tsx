// A borrower's places in waiting lists, on their own page: the item, their place number (or the offer
// and its deadline) and "Leave the waiting list". Nothing shows while they wait for nothing (or while their places cannot be read: their loans above still show).
import { LogOut } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import { ErrorAlert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { describeError } from '@web/lib/error-messages';
import { useAction } from '@web/lib/use-action';
import { leaveHold, useBorrowerHolds } from '../api/holds';

const messages = defineMessages<{
  title: Record<string, never>;
  place: { place: number };
  offered: { date: string };
  leave: Record<string, never>;
}>({
  title: { id: 'lending.borrowerHolds.title', defaultMessage: 'Your waiting lists' },
  place: { id: 'lending.borrowerHolds.place', defaultMessage: 'Number {place, number} in line' },
  offered: { id: 'lending.borrowerHolds.offered', defaultMessage: 'Offered to you: answer from the email by {date}' },
  leave: { id: 'lending.borrowerHolds.leave', defaultMessage: 'Leave the waiting list' },
});

export function BorrowerHolds({ secret }: { secret: string }) {
  const intl = useIntl();
  const holds = useBorrowerHolds(secret);
  const { run, busy, error } = useAction(async (id: number) => {
    await leaveHold(secret, id);
    await holds.mutate();
  });
  const list = holds.data?.holds ?? [];
  if (list.length === 0) return null;
  return (
    <>
      <h2>{intl.formatMessage(messages.title)}</h2>
      {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
      <ul className="hold-queue" data-testid="borrower-holds">
        {list.map((hold) => (
          <li key={hold.id} className="hold-queue__row">
            <div className="hold-queue__who">
              <span>{hold.title}</span>
              <span className="muted hold-queue__offer">
                {hold.state === 'offered' && hold.offerExpiresAt
                  ? intl.formatMessage(messages.offered, {
                      date: intl.formatDate(hold.offerExpiresAt, { dateStyle: 'medium', timeStyle: 'short' }),
                    })
                  : intl.formatMessage(messages.place, { place: hold.place })}
              </span>
            </div>
            <Button variant="secondary" size="small" icon={LogOut} disabled={busy} onClick={() => void run(hold.id)}>
              {intl.formatMessage(messages.leave)}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
