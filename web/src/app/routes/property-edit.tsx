import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { Collection } from '../../../../shared/schemas/collections';
import type { Property } from '../../../../shared/schemas/properties';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { DemoNotice } from '../../components/demo-notice';
import { Loading } from '../../components/loading';
import { NotFoundScreen } from '../../components/not-found-screen';
import { PageError } from '../../components/page-error';
import { useProperties } from '../../features/properties/api/get-properties';
import { useUpdateProperty } from '../../features/properties/api/update-property';
import { PropertyForm } from '../../features/properties/components/property-form';
import { paths } from '../../lib/paths';
import type { Flash } from '../../lib/paths';
import { useDemoMode } from '../../lib/use-demo-mode';
import { usePageTitle } from '../../lib/use-page-title';
import { CollectionGate, useCollectionCrumbs, useRouteIds } from '../collection-gate';

const messages = defineMessages<{ title: { label: string } }>({
  title: { id: 'app.propertyEdit.title', defaultMessage: 'Edit property {label}' },
});

function EditPropertyScreen({ collection, property }: { collection: Collection; property: Property }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const demo = useDemoMode();
  const { trigger } = useUpdateProperty(collection.id, property.id);
  const crumbs = useCollectionCrumbs(collection, { manage: true });
  const title = intl.formatMessage(messages.title, { label: property.label });
  usePageTitle(title);
  return (
    <div className="stack">
      <Breadcrumbs crumbs={[...crumbs, { label: title }]} />
      <section className="card" aria-labelledby="property-edit-title">
        <h1 id="property-edit-title">{title}</h1>
        {demo ? <DemoNotice /> : null}
        <PropertyForm
          property={property}
          readOnly={demo}
          cancelTo={paths.collectionManage(collection.id)}
          onSubmit={async (input) => {
            await trigger(input);
            const flash: Flash = 'operationSucceeded';
            void navigate(paths.collectionManage(collection.id), { state: { flash } });
          }}
        />
      </section>
    </div>
  );
}

/** The property of the route among the collection's properties (there is no single-property read). */
function PropertyLoader({ collection }: { collection: Collection }) {
  const { id } = useRouteIds();
  const { data, error } = useProperties(collection.id);
  if (id === null) return <NotFoundScreen />;
  if (error) return <PageError error={error} />;
  if (!data) return <Loading />;
  const property = data.properties.find((candidate) => candidate.id === id);
  if (!property) return <NotFoundScreen />;
  return <EditPropertyScreen key={property.id} collection={collection} property={property} />;
}

export default function PropertyEditRoute() {
  return <CollectionGate ownerOnly>{(collection) => <PropertyLoader collection={collection} />}</CollectionGate>;
}
