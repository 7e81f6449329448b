import { defineMessages, useIntl } from 'react-intl';
import type { Collection } from '@shared/schemas/collections';
import { FormScreen } from '@web/components/screen';
import { useCreateProperty } from '@web/features/properties/api/create-property';
import { PropertyForm } from '@web/features/properties/components/property-form';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { CollectionGate, useCollectionCrumbs } from '../collection-gate';

const messages = defineMessages({
  title: { id: 'app.propertyNew.title', defaultMessage: 'New property' },
});

function NewPropertyScreen({ collection }: { collection: Collection }) {
  const intl = useIntl();
  const navigateWithFlash = useNavigateWithFlash();
  const demo = useDemoMode();
  const { trigger } = useCreateProperty(collection.id);
  const crumbs = useCollectionCrumbs(collection, { manage: true });
  return (
    <FormScreen title={intl.formatMessage(messages.title)} crumbs={crumbs}>
      <PropertyForm
        readOnly={demo}
        cancelTo={paths.collectionManage(collection.id)}
        onSubmit={async (input) => {
          await trigger(input);
          navigateWithFlash(paths.collectionManage(collection.id));
        }}
      />
    </FormScreen>
  );
}

export default function PropertyNewRoute() {
  return (
    <CollectionGate least="co_owner">{(collection) => <NewPropertyScreen key={collection.id} collection={collection} />}</CollectionGate>
  );
}
