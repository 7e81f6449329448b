import { defineMessages, useIntl } from 'react-intl';
import type { Collection } from '@shared/schemas/collections';
import type { Item } from '@shared/schemas/items';
import { Loading } from '@web/components/loading';
import { NotFoundScreen } from '@web/components/not-found-screen';
import { PageError } from '@web/components/page-error';
import { Screen } from '@web/components/screen';
import { DemoNotice } from '@web/components/demo-notice';
import { useItem } from '@web/features/items/api/get-item';
import { ItemDeleteConfirmation } from '@web/features/items/components/item-delete-confirmation';
import { itemTitle } from '@web/features/items/components/item-title';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { CollectionGate, useCollectionCrumbs, useRouteIds } from '../collection-gate';

const messages = defineMessages<{ title: { title: string } }>({
  title: { id: 'app.itemDelete.title', defaultMessage: 'Delete {title}' },
});

function DeleteItemScreen({ collection, item }: { collection: Collection; item: Item }) {
  const intl = useIntl();
  const navigateWithFlash = useNavigateWithFlash();
  const demo = useDemoMode();
  const crumbs = useCollectionCrumbs(collection);
  const name = itemTitle(intl, item);
  return (
    <Screen
      title={intl.formatMessage(messages.title, { title: name })}
      crumbs={[...crumbs, { label: name, to: paths.item(collection.id, item.id) }]}
    >
      {demo ? <DemoNotice /> : null}
      <ItemDeleteConfirmation item={item} readOnly={demo} onDeleted={() => navigateWithFlash(paths.collection(collection.id))} />
    </Screen>
  );
}

function ItemLoader({ collection }: { collection: Collection }) {
  const { id } = useRouteIds();
  const item = useItem(collection.id, id, { edit: true });
  if (id === null) return <NotFoundScreen />;
  if (item.error) return <PageError error={item.error} />;
  if (!item.data) return <Loading />;
  return <DeleteItemScreen collection={collection} item={item.data} />;
}

export default function ItemDeleteRoute() {
  return <CollectionGate least="editor">{(collection) => <ItemLoader collection={collection} />}</CollectionGate>;
}
