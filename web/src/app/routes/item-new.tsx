import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { Collection } from '../../../../shared/schemas/collections';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { DemoNotice } from '../../components/demo-notice';
import { Loading } from '../../components/loading';
import { PageError } from '../../components/page-error';
import { useCreateItem } from '../../features/items/api/create-item';
import { uploadMedia } from '../../features/items/api/upload-media';
import { ItemForm } from '../../features/items/components/item-form';
import { useProperties } from '../../features/properties/api/get-properties';
import { paths } from '../../lib/paths';
import type { Flash } from '../../lib/paths';
import { useDemoMode } from '../../lib/use-demo-mode';
import { usePageTitle } from '../../lib/use-page-title';
import { CollectionGate, useCollectionCrumbs } from '../collection-gate';

const messages = defineMessages({
  title: { id: 'app.itemNew.title', defaultMessage: 'New item' },
});

function NewItemScreen({ collection }: { collection: Collection }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const demo = useDemoMode();
  const properties = useProperties(collection.id);
  const { trigger } = useCreateItem(collection.id);
  const crumbs = useCollectionCrumbs(collection);
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);
  return (
    <div className="stack">
      <Breadcrumbs crumbs={[...crumbs, { label: title }]} />
      <section className="card" aria-labelledby="item-new-title">
        <h1 id="item-new-title">{title}</h1>
        {demo ? <DemoNotice /> : null}
        {properties.error ? (
          <PageError error={properties.error} />
        ) : properties.data ? (
          <ItemForm
            collection={collection}
            properties={properties.data.properties}
            readOnly={demo}
            cancelTo={paths.collection(collection.id)}
            upload={async (file) => (await uploadMedia(collection.id, file)).value}
            onSubmit={async (input) => {
              const item = await trigger(input);
              const flash: Flash = 'operationSucceeded';
              void navigate(paths.item(collection.id, item.id), { state: { flash } });
            }}
          />
        ) : (
          <Loading />
        )}
      </section>
    </div>
  );
}

export default function ItemNewRoute() {
  return (
    <CollectionGate ownerOnly>{(collection) => <NewItemScreen key={collection.id} collection={collection} />}</CollectionGate>
  );
}
