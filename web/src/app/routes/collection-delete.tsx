import { defineMessages, useIntl } from 'react-intl';
import type { Collection } from '@shared/schemas/collections';
import { Screen } from '@web/components/screen';
import { DemoNotice } from '@web/components/demo-notice';
import { CollectionDeleteConfirmation } from '@web/features/collections/components/collection-delete-confirmation';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { CollectionGate, useCollectionCrumbs } from '../collection-gate';

const messages = defineMessages<{ title: { name: string } }>({
  title: { id: 'app.collectionDelete.title', defaultMessage: 'Delete {name}' },
});

function DeleteScreen({ collection }: { collection: Collection }) {
  const intl = useIntl();
  const navigateWithFlash = useNavigateWithFlash();
  const demo = useDemoMode();
  const crumbs = useCollectionCrumbs(collection, { manage: true });
  return (
    <Screen title={intl.formatMessage(messages.title, { name: collection.name })} crumbs={crumbs}>
      {demo ? <DemoNotice /> : null}
      <CollectionDeleteConfirmation collection={collection} readOnly={demo} onDeleted={() => navigateWithFlash(paths.home())} />
    </Screen>
  );
}

export default function CollectionDeleteRoute() {
  return <CollectionGate ownerOnly>{(collection) => <DeleteScreen key={collection.id} collection={collection} />}</CollectionGate>;
}
