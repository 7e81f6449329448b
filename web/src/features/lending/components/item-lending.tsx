// Lending on an item's page: how many copies are available (everyone; never who holds them), "Ask to
// borrow" for whoever may, and for the owner the item's loans and requests with their next actions.
import { Handshake, HandHelping, Inbox } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { Item } from '../../../../../shared/schemas/items';
import { ErrorAlert } from '../../../components/alert';
import { Button, ButtonLink } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { describeError } from '../../../lib/error-messages';
import { paths } from '../../../lib/paths';
import { useItemLoans } from '../api/loans';
import { LoanList } from './loan-list';
import { availabilityText } from './loan-words';
import './lending.css';

const messages = defineMessages({
  availability: { id: 'lending.itemLending.availability', defaultMessage: 'Availability' },
  ask: { id: 'lending.itemLending.ask', defaultMessage: 'Ask to borrow' },
  title: { id: 'lending.itemLending.title', defaultMessage: 'Loans' },
  lend: { id: 'lending.itemLending.lend', defaultMessage: 'Lend' },
  none: { id: 'lending.itemLending.none', defaultMessage: 'This item has never been lent or asked for.' },
  noCopy: { id: 'lending.itemLending.noCopy', defaultMessage: 'Every copy is lent: get one back to lend it again.' },
});

export function ItemLending({ item, readOnly }: { item: Item; readOnly: boolean }) {
  const intl = useIntl();
  if (!item.availability) return null;
  return (
    <section className="card item-lending" aria-label={intl.formatMessage(messages.availability)}>
      <div className="availability">
        <p className="availability__text" data-testid="availability">
          {availabilityText(intl, item.availability)}
        </p>
        {item.canBorrow ? (
          <ButtonLink icon={HandHelping} to={paths.itemBorrow(item.collectionId, item.id)}>
            {intl.formatMessage(messages.ask)}
          </ButtonLink>
        ) : null}
      </div>
      {item.isOwner ? <OwnerLoans item={item} readOnly={readOnly} /> : null}
    </section>
  );
}

function OwnerLoans({ item, readOnly }: { item: Item; readOnly: boolean }) {
  const intl = useIntl();
  const loans = useItemLoans(item.collectionId, item.id);
  const noneLeft = (item.availability?.available ?? 0) === 0;
  const title = intl.formatMessage(messages.title);
  return (
    <>
      <h2>{title}</h2>
      <div className="actions">
        {readOnly || noneLeft ? (
          <Button icon={Handshake} disabled>
            {intl.formatMessage(messages.lend)}
          </Button>
        ) : (
          <ButtonLink icon={Handshake} to={paths.loanNew(item.collectionId, item.id)}>
            {intl.formatMessage(messages.lend)}
          </ButtonLink>
        )}
      </div>
      {noneLeft ? <p className="muted">{intl.formatMessage(messages.noCopy)}</p> : null}
      {loans.error ? <ErrorAlert>{describeError(intl, loans.error)}</ErrorAlert> : null}
      {loans.data && loans.data.loans.length === 0 ? <EmptyState compact icon={Inbox} title={intl.formatMessage(messages.none)} /> : null}
      {loans.data && loans.data.loans.length > 0 ? <LoanList loans={loans.data.loans} show="borrower" readOnly={readOnly} label={title} /> : null}
    </>
  );
}
