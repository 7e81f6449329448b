import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { Collection } from '../../../../shared/schemas/collections';
import type { Item } from '../../../../shared/schemas/items';
import type { Property } from '../../../../shared/schemas/properties';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { DemoNotice } from '../../components/demo-notice';
import { Loading } from '../../components/loading';
import { NotFoundScreen } from '../../components/not-found-screen';
import { PageError } from '../../components/page-error';
import { useItem } from '../../features/items/api/get-item';
import { useUpdateItem } from '../../features/items/api/update-item';
import { uploadMedia } from '../../features/items/api/upload-media';
import { ItemForm } from '../../features/items/components/item-form';
import { itemTitle } from '../../features/items/components/item-title';
import { useProperties } from '../../features/properties/api/get-properties';
import { paths } from '../../lib/paths';
import type { Flash } from '../../lib/paths';
import { useDemoMode } from '../../lib/use-demo-mode';
import { usePageTitle } from '../../lib/use-page-title';
import { CollectionGate, useCollectionCrumbs, useRouteIds } from '../collection-gate';

const messages = defineMessages<{ title: { title: string } }>({
  title: { id: 'app.itemEdit.title', defaultMessage: 'Edit {title}' },
});

function EditItemScreen({ collection, item, properties }: { collection: Collection; item: Item; properties: Property[] }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const demo = useDemoMode();
  const { trigger } = useUpdateItem(collection.id, item.id);
  const crumbs = useCollectionCrumbs(collection);
  const name = itemTitle(intl, item);
  const title = intl.formatMessage(messages.title, { title: name });
  usePageTitle(title);
  return (
    <div className="stack">
      <Breadcrumbs crumbs={[...crumbs, { label: name, to: paths.item(collection.id, item.id) }, { label: title }]} />
      <section className="card" aria-labelledby="item-edit-title">
        <h1 id="item-edit-title">{title}</h1>
        {demo ? <DemoNotice /> : null}
        <ItemForm
          collection={collection}
          properties={properties}
          item={item}
          readOnly={demo}
          cancelTo={paths.item(collection.id, item.id)}
          upload={async (file) => (await uploadMedia(collection.id, file)).value}
          onSubmit={async (input) => {
            await trigger(input);
            const flash: Flash = 'operationSucceeded';
            void navigate(paths.item(collection.id, item.id), { state: { flash } });
          }}
        />
      </section>
    </div>
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
    <EditItemScreen
      key={item.data.id}
      collection={collection}
      item={item.data}
      properties={properties.data.properties}
    />
  );
}

export default function ItemEditRoute() {
  return <CollectionGate ownerOnly>{(collection) => <ItemLoader collection={collection} />}</CollectionGate>;
}
