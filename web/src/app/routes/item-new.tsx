import { defineMessages, useIntl } from 'react-intl';
import type { Collection } from '@shared/schemas/collections';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { FormScreen } from '@web/components/screen';
import { useCreateItem } from '@web/features/items/api/create-item';
import { uploadMedia } from '@web/features/items/api/upload-media';
import { ItemForm } from '@web/features/items/components/item-form';
import { useProperties } from '@web/features/properties/api/get-properties';
import { sourceFillTools } from '@web/features/sources/components/source-fill';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { CollectionGate, useCollectionCrumbs } from '../collection-gate';
import { savedItemDestination } from '@web/features/items/saved-destination';

const messages = defineMessages({
  title: { id: 'app.itemNew.title', defaultMessage: 'New item' },
});

function NewItemScreen({ collection }: { collection: Collection }) {
  const intl = useIntl();
  const navigateWithFlash = useNavigateWithFlash();
  const demo = useDemoMode();
  const properties = useProperties(collection.id);
  const { trigger } = useCreateItem(collection.id);
  const crumbs = useCollectionCrumbs(collection);
  const list = properties.data?.properties;
  return (
    <FormScreen title={intl.formatMessage(messages.title)} crumbs={crumbs}>
      {properties.error ? (
        <PageError error={properties.error} />
      ) : list ? (
        <ItemForm
          collection={collection}
          properties={list}
          readOnly={demo}
          cancelTo={paths.collection(collection.id)}
          upload={async (file) => (await uploadMedia(collection.id, file)).value}
          onSubmit={async (input) => {
            const item = await trigger(input);
            const next = savedItemDestination(collection, item);
            navigateWithFlash(next.to, next.flash);
          }}
          tools={demo ? undefined : sourceFillTools(collection, list)}
        />
      ) : (
        <Loading />
      )}
    </FormScreen>
  );
}

export default function ItemNewRoute() {
  return <CollectionGate least="editor">{(collection) => <NewItemScreen key={collection.id} collection={collection} />}</CollectionGate>;
}
