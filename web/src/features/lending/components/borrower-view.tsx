// A borrower's page: contact details, what they hold now, their requests, and their history.
import { Pencil, Trash2, Inbox } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { BorrowerDetail } from '@shared/schemas/lending';
import { Button, ButtonLink } from '@web/components/button';
import { commonMessages } from '@web/components/common-messages';
import { EmptyState } from '@web/components/empty-state';
import { paths } from '@web/lib/paths';
import { LoanList } from './loan-list';
import { noEmailMessage } from './loan-words';

const messages = defineMessages({
  contact: { id: 'lending.borrowerView.contact', defaultMessage: 'Contact' },
  current: { id: 'lending.borrowerView.current', defaultMessage: 'Holds now' },
  history: { id: 'lending.borrowerView.history', defaultMessage: 'History' },
  none: { id: 'lending.borrowerView.none', defaultMessage: 'Nothing lent to this borrower yet.' },
  email: { id: 'lending.borrowerView.email', defaultMessage: 'Email' },
  phone: { id: 'lending.borrowerView.phone', defaultMessage: 'Phone' },
});

export function BorrowerView({ borrower, readOnly }: { borrower: BorrowerDetail; readOnly: boolean }) {
  const intl = useIntl();
  const current = borrower.loans.filter((l) => l.state === 'lent' || l.state === 'asked' || l.state === 'accepted');
  const past = borrower.loans.filter((l) => !current.includes(l));
  return (
    <div className="stack">
      <section className="card">
        <h1>{borrower.name}</h1>
        <dl className="item-values" aria-label={intl.formatMessage(messages.contact)}>
          <div className="item-values__row">
            <dt className="item-values__label">{intl.formatMessage(messages.email)}</dt>
            <dd className="item-values__value">
              {borrower.email ? (
                <a href={`mailto:${borrower.email}`}>{borrower.email}</a>
              ) : (
                <span className="muted">{intl.formatMessage(noEmailMessage)}</span>
              )}
            </dd>
          </div>
          {borrower.phone ? (
            <div className="item-values__row">
              <dt className="item-values__label">{intl.formatMessage(messages.phone)}</dt>
              <dd className="item-values__value">
                <a href={`tel:${borrower.phone}`}>{borrower.phone}</a>
              </dd>
            </div>
          ) : null}
        </dl>
        {borrower.notes ? <p className="muted">{borrower.notes}</p> : null}
        {readOnly ? (
          // Demo mode: the actions are shown, and disabled like every change.
          <div className="actions">
            <Button size="small" icon={Pencil} disabled>
              {intl.formatMessage(commonMessages.edit)}
            </Button>
            <Button size="small" variant="quiet" icon={Trash2} disabled>
              {intl.formatMessage(commonMessages.delete)}
            </Button>
          </div>
        ) : (
          <div className="actions">
            <ButtonLink size="small" icon={Pencil} to={paths.borrowerEdit(borrower.id)}>
              {intl.formatMessage(commonMessages.edit)}
            </ButtonLink>
            <ButtonLink size="small" variant="quiet" icon={Trash2} to={paths.borrowerDelete(borrower.id)}>
              {intl.formatMessage(commonMessages.delete)}
            </ButtonLink>
          </div>
        )}
      </section>
      {borrower.loans.length === 0 ? <EmptyState icon={Inbox} title={intl.formatMessage(messages.none)} /> : null}
      {current.length > 0 ? (
        <section className="card" aria-labelledby="borrower-current">
          <h2 id="borrower-current">{intl.formatMessage(messages.current)}</h2>
          <LoanList loans={current} show="item" readOnly={readOnly} label={intl.formatMessage(messages.current)} />
        </section>
      ) : null}
      {past.length > 0 ? (
        <section className="card" aria-labelledby="borrower-history">
          <h2 id="borrower-history">{intl.formatMessage(messages.history)}</h2>
          <LoanList loans={past} show="item" readOnly={readOnly} label={intl.formatMessage(messages.history)} />
        </section>
      ) : null}
    </div>
  );
}
