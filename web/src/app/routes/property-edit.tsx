import { defineMessages, useIntl } from 'react-intl';
import type { Collection } from '../../../../shared/schemas/collections';
import type { Property } from '../../../../shared/schemas/properties';
import { FormScreen } from '../../components/screen';
import { useUpdateProperty } from '../../features/properties/api/update-property';
import { PropertyForm } from '../../features/properties/components/property-form';
import { useNavigateWithFlash } from '../../lib/flash';
import { paths } from '../../lib/paths';
import { useDemoMode } from '../../lib/use-demo-mode';
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
  const crumbs = useCollectionCrumbs(collection, { manage: true });
  return (
    <FormScreen title={intl.formatMessage(messages.title, { label: property.label })} crumbs={crumbs}>
      <PropertyForm
        property={property}
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

export default function PropertyEditRoute() {
  return (
    <CollectionGate ownerOnly>
      {(collection) => (
        <PropertyGate collection={collection}>
          {(property) => <EditPropertyScreen key={property.id} collection={collection} property={property} />}
        </PropertyGate>
      )}
    </CollectionGate>
  );
}
