// Spec §2 /collection/{cid}/import/item: search the metadata sources of the collection's type, choose a
// hit, see it as it will be stored, and create the item with its cover.
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { Collection } from '@shared/schemas/collections';
import { DemoNotice } from '@web/components/demo-notice';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { Screen } from '@web/components/screen';
import { createItem } from '@web/features/items/api/create-item';
import { itemsTouched } from '@web/features/items/api/touched';
import { savedItemDestination } from '@web/features/items/saved-destination';
import { useProperties } from '@web/features/properties/api/get-properties';
import { useSourceOffers } from '@web/features/sources/api/sources';
import { CodeListForm } from '@web/features/sources/components/code-list-form';
import { RecentQueues } from '@web/features/sources/components/recent-queues';
import { SourceSearch } from '@web/features/sources/components/source-search';
import { paths } from '@web/lib/paths';
import { useNavigateWithFlash } from '@web/lib/flash';
import { useRevalidate } from '@web/lib/revalidate';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { CollectionGate, useCollectionCrumbs } from '../collection-gate';

const messages = defineMessages<{ title: NoMessageValues; intro: NoMessageValues }>({
  title: { id: 'app.collectionImportItem.title', defaultMessage: 'Find in a catalogue' },
  intro: {
    id: 'app.collectionImportItem.intro',
    defaultMessage:
      'Search the catalogues this collection uses by title, author, ISBN or barcode, choose a result, check it, and it becomes an item with its cover.',
  },
});

function ImportItemScreen({ collection }: { collection: Collection }) {
  const intl = useIntl();
  const demo = useDemoMode();
  const revalidate = useRevalidate();
  const navigateWithFlash = useNavigateWithFlash();
  const navigate = useNavigate();
  const properties = useProperties(collection.id);
  const offers = useSourceOffers(collection.id);
  const crumbs = useCollectionCrumbs(collection);
  const title = intl.formatMessage(messages.title);
  const error = properties.error ?? offers.error;
  return (
    <Screen title={title} crumbs={crumbs}>
      <section className="card stack" aria-labelledby="import-item-title">
        <h1 id="import-item-title">{title}</h1>
        {demo ? <DemoNotice /> : null}
        <p className="muted">{intl.formatMessage(messages.intro)}</p>
        {error ? (
          <PageError error={error} />
        ) : properties.data && offers.data ? (
          <SourceSearch
            collectionId={collection.id}
            collectionType={collection.type}
            offers={offers.data.sources}
            properties={properties.data.properties}
            readOnly={demo}
            onCreate={async (values, coverLost) => {
              const item = await createItem(collection.id, { values });
              void revalidate(itemsTouched(collection.id));
              const next = savedItemDestination(collection, item);
              navigateWithFlash(next.to, coverLost ? 'savedWithoutCover' : next.flash);
            }}
          />
        ) : (
          <Loading />
        )}
      </section>
      {offers.data?.sources.some((o) => o.barcodes) ? (
        <section className="card stack">
          <CodeListForm
            collectionId={collection.id}
            readOnly={demo}
            onStarted={(run) => void navigate(paths.collectionSourceQueue(collection.id, run.id))}
          />
          <RecentQueues collectionId={collection.id} />
        </section>
      ) : null}
    </Screen>
  );
}

export default function CollectionImportItemRoute() {
  return <CollectionGate least="editor">{(collection) => <ImportItemScreen key={collection.id} collection={collection} />}</CollectionGate>;
}
