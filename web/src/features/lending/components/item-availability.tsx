// The lending part of an item page's header: how many copies are available (everyone; never who holds
// them), "Ask to borrow" for whoever may, and "Lend" for the owner.
import { Handshake, HandHelping } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { Item } from '@shared/schemas/items';
import { Button, ButtonLink } from '@web/components/button';
import { paths } from '@web/lib/paths';
import { holdWords } from './hold-words';
import { availabilityText } from './loan-words';
import './lending.css';

const messages = defineMessages({
  ask: { id: 'lending.itemLending.ask', defaultMessage: 'Ask to borrow' },
  lend: { id: 'lending.itemLending.lend', defaultMessage: 'Lend' },
});

export function ItemAvailability({ item, readOnly }: { item: Item; readOnly: boolean }) {
  const intl = useIntl();
  if (!item.availability) return null;
  const noneLeft = item.availability.available === 0;
  return (
    <div className="availability">
      <p className="availability__text" data-testid="availability">
        {availabilityText(intl, item.availability)}
      </p>
      {item.canBorrow ? (
        <ButtonLink icon={HandHelping} to={paths.itemBorrow(item.collectionId, item.id)}>
          {intl.formatMessage(noneLeft ? holdWords.join : messages.ask)}
        </ButtonLink>
      ) : null}
      {item.isOwner ? (
        readOnly || noneLeft ? (
          <Button icon={Handshake} disabled>
            {intl.formatMessage(messages.lend)}
          </Button>
        ) : (
          <ButtonLink icon={Handshake} to={paths.loanNew(item.collectionId, item.id)}>
            {intl.formatMessage(messages.lend)}
          </ButtonLink>
        )
      ) : null}
    </div>
  );
}
