import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { Collection } from '../../../../shared/schemas/collections';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { CollectionDeleteConfirmation } from '../../features/collections/components/collection-delete-confirmation';
import { paths } from '../../lib/paths';
import type { Flash } from '../../lib/paths';
import { useDemoMode } from '../../lib/use-demo-mode';
import { usePageTitle } from '../../lib/use-page-title';
import { CollectionGate, useCollectionCrumbs } from '../collection-gate';

const messages = defineMessages<{ title: { name: string } }>({
  title: { id: 'app.collectionDelete.title', defaultMessage: 'Delete {name}' },
});

function DeleteScreen({ collection }: { collection: Collection }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const demo = useDemoMode();
  const crumbs = useCollectionCrumbs(collection, { manage: true });
  const title = intl.formatMessage(messages.title, { name: collection.name });
  usePageTitle(title);
  return (
    <div className="stack">
      <Breadcrumbs crumbs={[...crumbs, { label: title }]} />
      <CollectionDeleteConfirmation
        collection={collection}
        readOnly={demo}
        onDeleted={() => {
          const flash: Flash = 'operationSucceeded';
          void navigate(paths.home, { state: { flash } });
        }}
      />
    </div>
  );
}

export default function CollectionDeleteRoute() {
  return (
    <CollectionGate ownerOnly>{(collection) => <DeleteScreen key={collection.id} collection={collection} />}</CollectionGate>
  );
}
