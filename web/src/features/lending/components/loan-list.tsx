// Loans as rows: state, item or borrower, the dates that matter, and what can be done next.
import { Pencil } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Loan } from '@shared/schemas/lending';
import { IconLink } from '@web/components/button';
import { paths } from '@web/lib/paths';
import { LoanActions } from './loan-actions';
import { RenewalAnswer } from './renewal-answer';
import { loanDates, stateMessages } from './loan-words';
import './lending.css';

const messages = defineMessages<{ open: { name: string }; shared: { collection: string } }>({
  open: { id: 'lending.loanList.open', defaultMessage: 'Open the loan of {name}' },
  shared: { id: 'lending.loanList.shared', defaultMessage: 'in “{collection}”, shared with you' },
});

interface LoanListProps {
  loans: Loan[];
  /** What each row names besides the state: the borrower (an item's loans) or the item (a borrower's). */
  show: 'borrower' | 'item' | 'both';
  readOnly: boolean;
  label: string;
  /**
   * Collections shared with the caller, when the list mixes their loans in: those rows name their
   * collection, and their borrower (the owner's) is not a link.
   */
  sharedCollectionIds?: ReadonlySet<number>;
}

export function LoanList({ loans, show, readOnly, label, sharedCollectionIds }: LoanListProps) {
  const intl = useIntl();
  return (
    <ul className="loan-list" aria-label={label}>
      {loans.map((loan) => {
        const itemName = loan.item.title ?? `#${loan.item.id}`;
        const shared = sharedCollectionIds?.has(loan.item.collectionId) ?? false;
        return (
          <li key={loan.id} className={loan.overdue ? 'loan-row loan-row--overdue' : 'loan-row'}>
            <div className="loan-row__head">
              <span className={`loan-state loan-state--${loan.overdue ? 'overdue' : loan.state}`}>
                {intl.formatMessage(stateMessages[loan.state])}
              </span>
              <span className="loan-row__names">
                {show !== 'borrower' ? <Link to={paths.item(loan.item.collectionId, loan.item.id)}>{itemName}</Link> : null}
                {show === 'both' ? ' · ' : null}
                {show !== 'item' ? (
                  shared ? (
                    loan.borrower.name
                  ) : (
                    <Link to={paths.borrower(loan.borrower.id)}>{loan.borrower.name}</Link>
                  )
                ) : null}
                {shared ? (
                  <span className="muted"> · {intl.formatMessage(messages.shared, { collection: loan.item.collectionName })}</span>
                ) : null}
              </span>
              <IconLink
                size="small"
                icon={Pencil}
                label={intl.formatMessage(messages.open, { name: loan.borrower.name })}
                to={paths.loan(loan.item.collectionId, loan.item.id, loan.id)}
              />
            </div>
            <p className="loan-row__dates">{loanDates(intl, loan)}</p>
            {loan.message ? <p className="loan-row__message">“{loan.message}”</p> : null}
            <LoanActions loan={loan} readOnly={readOnly} />
            <RenewalAnswer loan={loan} readOnly={readOnly} />
          </li>
        );
      })}
    </ul>
  );
}
