// An item's page (docs/product.md §2): anyone who may see the item; the owner also gets edit, duplicate and delete,
// and its loans. Availability with "Ask to borrow" or "Lend" show in its header while lending is on.
import { useIntl } from 'react-intl';
import type { Collection } from '@shared/schemas/collections';
import type { Item } from '@shared/schemas/items';
import type { Property } from '@shared/schemas/properties';
import { FlashStatus } from '@web/components/flash-status';
import { Loading } from '@web/components/loading';
import { NotFoundScreen } from '@web/components/not-found-screen';
import { PageError } from '@web/components/page-error';
import { Screen } from '@web/components/screen';
import { DemoNotice } from '@web/components/demo-notice';
import { useItem } from '@web/features/items/api/get-item';
import { itemTitle } from '@web/features/items/components/item-title';
import { ItemView } from '@web/features/items/components/item-view';
import { AvailabilityCalendar } from '@web/features/lending/components/availability-calendar';
import { useItemHolds } from '@web/features/lending/api/holds';
import { useItemLoans } from '@web/features/lending/api/loans';
import { ItemAvailability } from '@web/features/lending/components/item-availability';
import { useProperties } from '@web/features/properties/api/get-properties';
import { loadAfterRender } from '@web/lib/load-after-render';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { CollectionGate, useCollectionCrumbs, useRouteIds } from '../collection-gate';

// The owner's loans and waiting list: code a visitor never needs, fetched only when the owner's page shows.
const ItemLending = loadAfterRender(() => import('@web/features/lending/components/item-lending').then((module) => module.ItemLending));

/** The panels' data is still asked with the page (the same answer, one request a screen); only their code comes after. */
function OwnerLending({ item, readOnly }: { item: Item; readOnly: boolean }) {
  useItemLoans(item.collectionId, item.id);
  useItemHolds(item.collectionId, item.id);
  return <ItemLending item={item} readOnly={readOnly} />;
}

function ItemScreen({ collection, item, properties }: { collection: Collection; item: Item; properties: Property[] }) {
  const intl = useIntl();
  const demo = useDemoMode();
  const crumbs = useCollectionCrumbs(collection);
  return (
    <Screen title={itemTitle(intl, item)} crumbs={crumbs}>
      <FlashStatus />
      {demo ? <DemoNotice /> : null}
      <ItemView
        item={item}
        properties={properties}
        readOnly={demo}
        collectionType={collection.type}
        lending={item.availability ? <ItemAvailability item={item} readOnly={demo} /> : null}
      />
      {item.availability ? <AvailabilityCalendar collectionId={item.collectionId} itemId={item.id} /> : null}
      {item.availability && item.isOwner ? <OwnerLending item={item} readOnly={demo} /> : null}
    </Screen>
  );
}

function ItemLoader({ collection }: { collection: Collection }) {
  const { id } = useRouteIds();
  const item = useItem(collection.id, id);
  const properties = useProperties(collection.id);
  if (id === null) return <NotFoundScreen />;
  const error = item.error ?? properties.error;
  if (error) return <PageError error={error} />;
  if (!item.data || !properties.data) return <Loading />;
  return <ItemScreen collection={collection} item={item.data} properties={properties.data.properties} />;
}

export default function ItemRoute() {
  return <CollectionGate>{(collection) => <ItemLoader collection={collection} />}</CollectionGate>;
}
