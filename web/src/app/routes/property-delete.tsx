import { defineMessages, useIntl } from 'react-intl';
import type { Collection } from '@shared/schemas/collections';
import type { Property } from '@shared/schemas/properties';
import { Screen } from '@web/components/screen';
import { PropertyDeleteConfirmation } from '@web/features/properties/components/property-delete-confirmation';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { CollectionGate, useCollectionCrumbs } from '../collection-gate';
import { PropertyGate } from '../property-gate';

const messages = defineMessages<{ title: { label: string } }>({
  title: { id: 'app.propertyDelete.title', defaultMessage: 'Delete property {label}' },
});

function DeletePropertyScreen({ collection, property }: { collection: Collection; property: Property }) {
  const intl = useIntl();
  const navigateWithFlash = useNavigateWithFlash();
  const demo = useDemoMode();
  const crumbs = useCollectionCrumbs(collection, { manage: true });
  return (
    <Screen title={intl.formatMessage(messages.title, { label: property.label })} crumbs={crumbs}>
      <PropertyDeleteConfirmation
        collectionId={collection.id}
        property={property}
        readOnly={demo}
        onDeleted={() => navigateWithFlash(paths.collectionManage(collection.id))}
      />
    </Screen>
  );
}

export default function PropertyDeleteRoute() {
  return (
    <CollectionGate least="co_owner">
      {(collection) => (
        <PropertyGate collection={collection}>
          {(property) => <DeletePropertyScreen key={property.id} collection={collection} property={property} />}
        </PropertyGate>
      )}
    </CollectionGate>
  );
}
