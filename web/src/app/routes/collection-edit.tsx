import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { Collection } from '../../../../shared/schemas/collections';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { DemoNotice } from '../../components/demo-notice';
import { useUpdateCollection } from '../../features/collections/api/update-collection';
import { CollectionForm } from '../../features/collections/components/collection-form';
import { CollectionImage } from '../../features/collections/components/collection-image';
import { paths } from '../../lib/paths';
import type { Flash } from '../../lib/paths';
import { useDemoMode } from '../../lib/use-demo-mode';
import { usePageTitle } from '../../lib/use-page-title';
import { CollectionGate, useCollectionCrumbs } from '../collection-gate';

const messages = defineMessages<{ title: { name: string } }>({
  title: { id: 'app.collectionEdit.title', defaultMessage: 'Edit {name}' },
});

function EditScreen({ collection }: { collection: Collection }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const demo = useDemoMode();
  const { trigger } = useUpdateCollection(collection.id);
  const crumbs = useCollectionCrumbs(collection, { manage: true });
  const title = intl.formatMessage(messages.title, { name: collection.name });
  usePageTitle(title);
  return (
    <div className="stack">
      <Breadcrumbs crumbs={[...crumbs, { label: title }]} />
      <section className="card" aria-labelledby="collection-edit-title">
        <h1 id="collection-edit-title">{title}</h1>
        {demo ? <DemoNotice /> : null}
        <CollectionForm
          collection={collection}
          readOnly={demo}
          cancelTo={paths.collectionManage(collection.id)}
          onSubmit={async (input) => {
            await trigger(input);
            const flash: Flash = 'operationSucceeded';
            void navigate(paths.collectionManage(collection.id), { state: { flash } });
          }}
        />
      </section>
      <CollectionImage collection={collection} readOnly={demo} />
    </div>
  );
}

export default function CollectionEditRoute() {
  return (
    <CollectionGate ownerOnly>{(collection) => <EditScreen key={collection.id} collection={collection} />}</CollectionGate>
  );
}
