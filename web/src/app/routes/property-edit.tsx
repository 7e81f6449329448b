import { defineMessages, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import type { Collection } from '@shared/schemas/collections';
import type { Property } from '@shared/schemas/properties';
import { FormScreen } from '@web/components/screen';
import { propertiesKey } from '@web/features/properties/api/get-properties';
import { useUpdateProperty } from '@web/features/properties/api/update-property';
import { PropertyForm } from '@web/features/properties/components/property-form';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { CollectionGate, useCollectionCrumbs } from '../collection-gate';
import { PropertyGate } from '../property-gate';

const messages = defineMessages<{ title: { label: string } }>({
  title: { id: 'app.propertyEdit.title', defaultMessage: 'Edit property {label}' },
});

function EditPropertyScreen({ collection, property }: { collection: Collection; property: Property }) {
  const intl = useIntl();
  const navigateWithFlash = useNavigateWithFlash();
  const demo = useDemoMode();
  const { trigger } = useUpdateProperty(collection.id, property.id);
  const { mutate } = useSWRConfig();
  const crumbs = useCollectionCrumbs(collection, { manage: true });
  return (
    <FormScreen title={intl.formatMessage(messages.title, { label: property.label })} crumbs={crumbs}>
      <PropertyForm
        property={property}
        readOnly={demo}
        cancelTo={paths.collectionManage(collection.id)}
        onSubmit={async (input) => {
          await trigger({ ...input, version: property.version });
          navigateWithFlash(paths.collectionManage(collection.id));
        }}
        onReload={() => void mutate(propertiesKey(collection.id))}
      />
    </FormScreen>
  );
}

export default function PropertyEditRoute() {
  return (
    <CollectionGate least="co_owner">
      {(collection) => (
        <PropertyGate collection={collection}>
          {(property) => <EditPropertyScreen key={`${property.id}-${property.version}`} collection={collection} property={property} />}
        </PropertyGate>
      )}
    </CollectionGate>
  );
}
