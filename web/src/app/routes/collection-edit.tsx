import { defineMessages, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import type { Collection } from '@shared/schemas/collections';
import { FormScreen } from '@web/components/screen';
import { collectionKey } from '@web/features/collections/api/get-collection';
import { useUpdateCollection } from '@web/features/collections/api/update-collection';
import { CollectionForm } from '@web/features/collections/components/collection-form';
import { CollectionImage } from '@web/features/collections/components/collection-image';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { CollectionGate, useCollectionCrumbs } from '../collection-gate';

const messages = defineMessages<{ title: { name: string } }>({
  title: { id: 'app.collectionEdit.title', defaultMessage: 'Edit {name}' },
});

function EditScreen({ collection }: { collection: Collection }) {
  const intl = useIntl();
  const navigateWithFlash = useNavigateWithFlash();
  const demo = useDemoMode();
  const { trigger } = useUpdateCollection(collection.id);
  const { mutate } = useSWRConfig();
  const crumbs = useCollectionCrumbs(collection, { manage: true });
  return (
    <FormScreen
      title={intl.formatMessage(messages.title, { name: collection.name })}
      crumbs={crumbs}
      after={<CollectionImage collection={collection} readOnly={demo} />}
    >
      <CollectionForm
        collection={collection}
        readOnly={demo}
        cancelTo={paths.collectionManage(collection.id)}
        onSubmit={async (input) => {
          await trigger({ ...input, version: collection.version });
          navigateWithFlash(paths.collectionManage(collection.id));
        }}
        onReload={() => void mutate(collectionKey(collection.id))}
      />
    </FormScreen>
  );
}

export default function CollectionEditRoute() {
  return (
    <CollectionGate least="co_owner">
      {(collection) => <EditScreen key={`${collection.id}-${collection.version}`} collection={collection} />}
    </CollectionGate>
  );
}
