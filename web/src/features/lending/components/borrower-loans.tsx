// The lists of a borrower's page: what they hold (due dates, overdue, "Ask to renew"), their requests and history.
import { defineMessages, useIntl } from 'react-intl';
import type { BorrowerPageLoan } from '@shared/schemas/borrower-page';
import { ErrorAlert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { describeError } from '@web/lib/error-messages';
import { useAction } from '@web/lib/use-action';
import { askRenewal } from '../api/borrower-page';
import { formatDay } from './loan-words';

type Dated = { date: string };
type Plain = Record<string, never>;
const messages = defineMessages<{
  due: Dated;
  overdue: Dated;
  renew: Plain;
  renewAsked: Dated;
  renewAccepted: Plain;
  renewDeclined: Plain;
  asked: Plain;
  accepted: Plain;
  returned: Dated;
  rejected: Plain;
  none: Plain;
}>({
  due: { id: 'lending.borrowerPage.due', defaultMessage: 'Due back by {date}' },
  overdue: { id: 'lending.borrowerPage.overdue', defaultMessage: 'Overdue since {date}' },
  renew: { id: 'lending.borrowerPage.renew', defaultMessage: 'Ask to renew' },
  renewAsked: { id: 'lending.borrowerPage.renewAsked', defaultMessage: 'Renewal asked until {date}: waiting for the answer.' },
  renewAccepted: { id: 'lending.borrowerPage.renewAccepted', defaultMessage: 'Renewed.' },
  renewDeclined: { id: 'lending.borrowerPage.renewDeclined', defaultMessage: 'Renewal declined.' },
  asked: { id: 'lending.borrowerPage.asked', defaultMessage: 'Asked, waiting for the answer' },
  accepted: { id: 'lending.borrowerPage.accepted', defaultMessage: 'Accepted: you will be told when to take it' },
  returned: { id: 'lending.borrowerPage.returned', defaultMessage: 'Given back on {date}' },
  rejected: { id: 'lending.borrowerPage.rejected', defaultMessage: 'Declined' },
  none: { id: 'lending.borrowerPage.none', defaultMessage: 'Nothing here.' },
});

function CurrentLoan({ loan, secret, onChange }: { loan: BorrowerPageLoan; secret: string; onChange: () => void }) {
  const intl = useIntl();
  const renew = useAction(() => askRenewal(secret, loan.id), onChange);
  const due = loan.dueOn ? formatDay(intl, loan.dueOn) : null;
  return (
    <li className="card stack" data-testid="borrower-loan">
      <strong>{loan.title}</strong>
      {due ? (
        <p className={loan.overdue ? 'text-danger' : undefined}>
          {intl.formatMessage(loan.overdue ? messages.overdue : messages.due, { date: due })}
        </p>
      ) : null}
      {loan.renewal === 'asked' && loan.renewalDueOn ? (
        <p>{intl.formatMessage(messages.renewAsked, { date: formatDay(intl, loan.renewalDueOn) })}</p>
      ) : null}
      {loan.renewal === 'accepted' ? <p>{intl.formatMessage(messages.renewAccepted)}</p> : null}
      {loan.renewal === 'declined' ? <p>{intl.formatMessage(messages.renewDeclined)}</p> : null}
      {loan.dueOn && loan.renewal !== 'asked' && loan.renewal !== 'declined' ? (
        <div className="actions">
          <Button variant="secondary" disabled={renew.busy} onClick={() => void renew.run()}>
            {intl.formatMessage(messages.renew)}
          </Button>
        </div>
      ) : null}
      {renew.error ? <ErrorAlert>{describeError(intl, renew.error)}</ErrorAlert> : null}
    </li>
  );
}

export function CurrentLoans({ loans, secret, onChange }: { loans: BorrowerPageLoan[]; secret: string; onChange: () => void }) {
  const intl = useIntl();
  if (loans.length === 0) return <p className="muted">{intl.formatMessage(messages.none)}</p>;
  return (
    <ul className="stack">
      {loans.map((loan) => (
        <CurrentLoan key={loan.id} loan={loan} secret={secret} onChange={onChange} />
      ))}
    </ul>
  );
}

/** Requests and history: a title and where it stands, in words. */
export function PastLoans({ loans }: { loans: BorrowerPageLoan[] }) {
  const intl = useIntl();
  if (loans.length === 0) return <p className="muted">{intl.formatMessage(messages.none)}</p>;
  const words = (loan: BorrowerPageLoan) => {
    if (loan.state === 'returned')
      return intl.formatMessage(messages.returned, { date: loan.returnedOn ? formatDay(intl, loan.returnedOn) : '' });
    if (loan.state === 'rejected') return intl.formatMessage(messages.rejected);
    return intl.formatMessage(loan.state === 'accepted' ? messages.accepted : messages.asked);
  };
  return (
    <ul className="stack">
      {loans.map((loan) => (
        <li key={loan.id}>
          <strong>{loan.title}</strong> — {words(loan)}
        </li>
      ))}
    </ul>
  );
}
