import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { Collection } from '../../../../shared/schemas/collections';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { DemoNotice } from '../../components/demo-notice';
import { useCreateProperty } from '../../features/properties/api/create-property';
import { PropertyForm } from '../../features/properties/components/property-form';
import { paths } from '../../lib/paths';
import type { Flash } from '../../lib/paths';
import { useDemoMode } from '../../lib/use-demo-mode';
import { usePageTitle } from '../../lib/use-page-title';
import { CollectionGate, useCollectionCrumbs } from '../collection-gate';

const messages = defineMessages({
  title: { id: 'app.propertyNew.title', defaultMessage: 'New property' },
});

function NewPropertyScreen({ collection }: { collection: Collection }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const demo = useDemoMode();
  const { trigger } = useCreateProperty(collection.id);
  const crumbs = useCollectionCrumbs(collection, { manage: true });
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);
  return (
    <div className="stack">
      <Breadcrumbs crumbs={[...crumbs, { label: title }]} />
      <section className="card" aria-labelledby="property-new-title">
        <h1 id="property-new-title">{title}</h1>
        {demo ? <DemoNotice /> : null}
        <PropertyForm
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

export default function PropertyNewRoute() {
  return (
    <CollectionGate ownerOnly>
      {(collection) => <NewPropertyScreen key={collection.id} collection={collection} />}
    </CollectionGate>
  );
}
