// The caller's borrowers, searchable by name or email, each with what they hold and an overdue mark.
import { Plus, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@web/components/alert';
import { ButtonLink } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { Loading } from '@web/components/loading';
import { describeError } from '@web/lib/error-messages';
import { paths } from '@web/lib/paths';
import { useBorrowers } from '../api/borrowers';
import { noEmailMessage } from './loan-words';
import './lending.css';

const messages = defineMessages<{
  search: Record<string, never>;
  add: Record<string, never>;
  list: Record<string, never>;
  none: Record<string, never>;
  noneHint: Record<string, never>;
  noMatch: { q: string };
  holds: { count: number };
  overdue: { count: number };
  pending: { count: number };
}>({
  search: { id: 'lending.borrowersList.search', defaultMessage: 'Search by name or email' },
  add: { id: 'lending.borrowersList.add', defaultMessage: 'New borrower' },
  list: { id: 'lending.borrowersList.list', defaultMessage: 'Borrowers' },
  none: { id: 'lending.borrowersList.none', defaultMessage: 'No borrowers yet.' },
  noneHint: {
    id: 'lending.borrowersList.noneHint',
    defaultMessage: 'Add the people you lend to, or lend an item from its page: new borrowers are added as you go.',
  },
  noMatch: { id: 'lending.borrowersList.noMatch', defaultMessage: 'No borrower matches “{q}”.' },
  holds: {
    id: 'lending.borrowersList.holds',
    defaultMessage: '{count, plural, =0 {Holds nothing} one {Holds # item} other {Holds # items}}',
  },
  overdue: { id: 'lending.borrowersList.overdue', defaultMessage: '{count, plural, one {# overdue} other {# overdue}}' },
  pending: { id: 'lending.borrowersList.pending', defaultMessage: '{count, plural, one {# request} other {# requests}}' },
});

export function BorrowersList({ readOnly }: { readOnly: boolean }) {
  const intl = useIntl();
  const [q, setQ] = useState('');
  const borrowers = useBorrowers(q);
  const list = borrowers.data?.borrowers;
  return (
    <div className="stack">
      <div className="lending-toolbar">
        <label className="lending-search">
          <Search size={18} aria-hidden="true" />
          <span className="visually-hidden">{intl.formatMessage(messages.search)}</span>
          <input
            type="search"
            className="field__input"
            placeholder={intl.formatMessage(messages.search)}
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        </label>
        {readOnly ? null : (
          <ButtonLink icon={Plus} to={paths.borrowerNew()}>
            {intl.formatMessage(messages.add)}
          </ButtonLink>
        )}
      </div>
      {borrowers.error ? <ErrorAlert>{describeError(intl, borrowers.error)}</ErrorAlert> : null}
      {!list && !borrowers.error ? <Loading /> : null}
      {list && list.length === 0 ? (
        <EmptyState
          icon={Users}
          title={q.trim() ? intl.formatMessage(messages.noMatch, { q: q.trim() }) : intl.formatMessage(messages.none)}
        >
          {q.trim() ? null : intl.formatMessage(messages.noneHint)}
        </EmptyState>
      ) : null}
      {list && list.length > 0 ? (
        <ul className="loan-list" aria-label={intl.formatMessage(messages.list)}>
          {list.map((b) => (
            <li key={b.id} className={b.overdueLoans > 0 ? 'loan-row loan-row--overdue' : 'loan-row'}>
              <div className="loan-row__head">
                <span className="loan-row__names">
                  <Link to={paths.borrower(b.id)}>{b.name}</Link>
                </span>
                {b.overdueLoans > 0 ? (
                  <span className="loan-state loan-state--overdue">{intl.formatMessage(messages.overdue, { count: b.overdueLoans })}</span>
                ) : null}
                {b.pendingRequests > 0 ? (
                  <span className="loan-state loan-state--asked">{intl.formatMessage(messages.pending, { count: b.pendingRequests })}</span>
                ) : null}
              </div>
              <p className="loan-row__dates">
                {b.email ?? intl.formatMessage(noEmailMessage)} · {intl.formatMessage(messages.holds, { count: b.currentLoans })}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
