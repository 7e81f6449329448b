import { defineMessages, useIntl } from 'react-intl';
import type { Collection } from '@shared/schemas/collections';
import type { Item } from '@shared/schemas/items';
import type { Property } from '@shared/schemas/properties';
import { Loading } from '@web/components/loading';
import { NotFoundScreen } from '@web/components/not-found-screen';
import { PageError } from '@web/components/page-error';
import { FormScreen } from '@web/components/screen';
import { useItem } from '@web/features/items/api/get-item';
import { useUpdateItem } from '@web/features/items/api/update-item';
import { uploadMedia } from '@web/features/items/api/upload-media';
import { ItemForm } from '@web/features/items/components/item-form';
import { itemTitle } from '@web/features/items/components/item-title';
import { useProperties } from '@web/features/properties/api/get-properties';
import { sourceFillTools } from '@web/features/sources/components/source-fill';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { CollectionGate, useCollectionCrumbs, useRouteIds } from '../collection-gate';
import { savedItemDestination } from '@web/features/items/saved-destination';

const messages = defineMessages<{ title: { title: string } }>({
  title: { id: 'app.itemEdit.title', defaultMessage: 'Edit {title}' },
});

interface EditItemScreenProps {
  collection: Collection;
  item: Item;
  properties: Property[];
  onReload: () => void;
}

function EditItemScreen({ collection, item, properties, onReload }: EditItemScreenProps) {
  const intl = useIntl();
  const navigateWithFlash = useNavigateWithFlash();
  const demo = useDemoMode();
  const { trigger } = useUpdateItem(collection.id, item.id);
  const crumbs = useCollectionCrumbs(collection);
  const name = itemTitle(intl, item);
  return (
    <FormScreen
      title={intl.formatMessage(messages.title, { title: name })}
      crumbs={[...crumbs, { label: name, to: paths.item(collection.id, item.id) }]}
    >
      <ItemForm
        collection={collection}
        properties={properties}
        item={item}
        readOnly={demo}
        cancelTo={paths.item(collection.id, item.id)}
        upload={async (file) => (await uploadMedia(collection.id, file)).value}
        onSubmit={async (input) => {
          const saved = await trigger({ ...input, version: item.version });
          const next = savedItemDestination(collection, saved);
          navigateWithFlash(next.to, next.flash);
        }}
        onReload={onReload}
        tools={demo ? undefined : sourceFillTools(collection, properties)}
      />
    </FormScreen>
  );
}

function ItemLoader({ collection }: { collection: Collection }) {
  const { id } = useRouteIds();
  const item = useItem(collection.id, id, { edit: true });
  const properties = useProperties(collection.id);
  if (id === null) return <NotFoundScreen />;
  const error = item.error ?? properties.error;
  if (error) return <PageError error={error} />;
  if (!item.data || !properties.data) return <Loading />;
  return (
    // A new version (someone else's edit, reloaded) shows the form anew with its values.
    <EditItemScreen
      key={`${item.data.id}-${item.data.version}`}
      collection={collection}
      item={item.data}
      properties={properties.data.properties}
      onReload={() => void Promise.all([item.mutate(), properties.mutate()])}
    />
  );
}

export default function ItemEditRoute() {
  return <CollectionGate least="editor">{(collection) => <ItemLoader collection={collection} />}</CollectionGate>;
}
