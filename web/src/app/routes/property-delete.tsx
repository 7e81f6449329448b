import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { Collection } from '../../../../shared/schemas/collections';
import type { Property } from '../../../../shared/schemas/properties';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { Loading } from '../../components/loading';
import { NotFoundScreen } from '../../components/not-found-screen';
import { PageError } from '../../components/page-error';
import { useProperties } from '../../features/properties/api/get-properties';
import { PropertyDeleteConfirmation } from '../../features/properties/components/property-delete-confirmation';
import { paths } from '../../lib/paths';
import type { Flash } from '../../lib/paths';
import { useDemoMode } from '../../lib/use-demo-mode';
import { usePageTitle } from '../../lib/use-page-title';
import { CollectionGate, useCollectionCrumbs, useRouteIds } from '../collection-gate';

const messages = defineMessages<{ title: { label: string } }>({
  title: { id: 'app.propertyDelete.title', defaultMessage: 'Delete property {label}' },
});

function DeletePropertyScreen({ collection, property }: { collection: Collection; property: Property }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const demo = useDemoMode();
  const crumbs = useCollectionCrumbs(collection, { manage: true });
  const title = intl.formatMessage(messages.title, { label: property.label });
  usePageTitle(title);
  return (
    <div className="stack">
      <Breadcrumbs crumbs={[...crumbs, { label: title }]} />
      <PropertyDeleteConfirmation
        collectionId={collection.id}
        property={property}
        readOnly={demo}
        onDeleted={() => {
          const flash: Flash = 'operationSucceeded';
          void navigate(paths.collectionManage(collection.id), { state: { flash } });
        }}
      />
    </div>
  );
}

function PropertyLoader({ collection }: { collection: Collection }) {
  const { id } = useRouteIds();
  const { data, error } = useProperties(collection.id);
  if (id === null) return <NotFoundScreen />;
  if (error) return <PageError error={error} />;
  if (!data) return <Loading />;
  const property = data.properties.find((candidate) => candidate.id === id);
  if (!property) return <NotFoundScreen />;
  return <DeletePropertyScreen key={property.id} collection={collection} property={property} />;
}

export default function PropertyDeleteRoute() {
  return <CollectionGate ownerOnly>{(collection) => <PropertyLoader collection={collection} />}</CollectionGate>;
}
