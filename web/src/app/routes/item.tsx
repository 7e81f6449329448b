// An item's page (spec §2): anyone who may see the item; the owner also gets edit, duplicate and delete.
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import type { Collection } from '../../../../shared/schemas/collections';
import type { Item } from '../../../../shared/schemas/items';
import type { Property } from '../../../../shared/schemas/properties';
import { SuccessStatus } from '../../components/alert';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { commonMessages } from '../../components/common-messages';
import { Loading } from '../../components/loading';
import { NotFoundScreen } from '../../components/not-found-screen';
import { PageError } from '../../components/page-error';
import { useItem } from '../../features/items/api/get-item';
import { itemTitle } from '../../features/items/components/item-title';
import { ItemView } from '../../features/items/components/item-view';
import { useProperties } from '../../features/properties/api/get-properties';
import { readFlash } from '../../lib/paths';
import { useDemoMode } from '../../lib/use-demo-mode';
import { usePageTitle } from '../../lib/use-page-title';
import { CollectionGate, useCollectionCrumbs, useRouteIds } from '../collection-gate';

function ItemScreen({ collection, item, properties }: { collection: Collection; item: Item; properties: Property[] }) {
  const intl = useIntl();
  const location = useLocation();
  const demo = useDemoMode();
  const crumbs = useCollectionCrumbs(collection);
  const title = itemTitle(intl, item);
  const flash = readFlash(location.state);
  usePageTitle(title);
  return (
    <div className="stack">
      <Breadcrumbs crumbs={[...crumbs, { label: title }]} />
      {flash ? <SuccessStatus>{intl.formatMessage(commonMessages[flash])}</SuccessStatus> : null}
      <ItemView item={item} properties={properties} readOnly={demo} />
    </div>
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
