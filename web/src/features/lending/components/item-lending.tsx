// The owner's loans of an item, below its page: its loans and requests with their next actions. The
// availability and the Lend and "Ask to borrow" buttons are in the page's header (item-availability).
import { Inbox } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { Item } from '@shared/schemas/items';
import { ErrorAlert } from '@web/components/alert';
import { EmptyState } from '@web/components/empty-state';
import { describeError } from '@web/lib/error-messages';
import { useItemLoans } from '../api/loans';
import { ItemHoldQueue } from './hold-queue';
import { LoanList } from './loan-list';
import './lending.css';

const messages = defineMessages({
  title: { id: 'lending.itemLending.title', defaultMessage: 'Loans' },
  none: { id: 'lending.itemLending.none', defaultMessage: 'This item has never been lent or asked for.' },
  noCopy: { id: 'lending.itemLending.noCopy', defaultMessage: 'Every copy is lent: get one back to lend it again.' },
});

export function ItemLending({ item, readOnly }: { item: Item; readOnly: boolean }) {
  if (!item.availability || !item.isOwner) return null;
  return (
    <>
      <OwnerLoans item={item} readOnly={readOnly} />
      <ItemHoldQueue item={item} readOnly={readOnly} />
    </>
  );
}

function OwnerLoans({ item, readOnly }: { item: Item; readOnly: boolean }) {
  const intl = useIntl();
  const loans = useItemLoans(item.collectionId, item.id);
  const noneLeft = (item.availability?.available ?? 0) === 0;
  const title = intl.formatMessage(messages.title);
  return (
    <section className="card item-lending" aria-label={title}>
      <h2>{title}</h2>
      {noneLeft ? <p className="muted">{intl.formatMessage(messages.noCopy)}</p> : null}
      {loans.error ? <ErrorAlert>{describeError(intl, loans.error)}</ErrorAlert> : null}
      {loans.data && loans.data.loans.length === 0 ? <EmptyState compact icon={Inbox} title={intl.formatMessage(messages.none)} /> : null}
      {loans.data && loans.data.loans.length > 0 ? (
        <LoanList loans={loans.data.loans} show="borrower" readOnly={readOnly} label={title} />
      ) : null}
    </section>
  );
}
