// Spec §2 "import" of a collection's settings: a file in (mapped and previewed in the browser), then
// its run followed on its own page; below, the collection's earlier imports.
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { Collection } from '@shared/schemas/collections';
import { DemoNotice } from '@web/components/demo-notice';
import { FlashStatus } from '@web/components/flash-status';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { Screen } from '@web/components/screen';
import { useImportRuns } from '@web/features/imports/api/imports';
import { ImportHistory } from '@web/features/imports/components/import-history';
import { ImportSetup } from '@web/features/imports/components/import-setup';
import { ScheduledImports } from '@web/features/imports/components/scheduled-imports';
import { ValueDisplay } from '@web/features/items/components/value-display';
import { useProperties } from '@web/features/properties/api/get-properties';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { CollectionGate, useCollectionCrumbs } from '../collection-gate';
import '@web/features/imports/components/imports.css';

const messages = defineMessages<{ title: { name: string }; intro: NoMessageValues; history: NoMessageValues }>({
  title: { id: 'app.collectionImport.title', defaultMessage: 'Import into {name}' },
  intro: {
    id: 'app.collectionImport.intro',
    defaultMessage:
      'Bring items in from a spreadsheet, the export of the program you used before (Goodreads, StoryGraph, Calibre, LibraryThing, Letterboxd, IMDb, BoardGameGeek, GCstar, Tellico, Collectorz, Data Crow, Delicious Library and more), or straight from the web. Importing the same file again updates what changed and never adds an item twice.',
  },
  history: { id: 'app.collectionImport.history', defaultMessage: 'Earlier imports' },
});

function ImportScreen({ collection }: { collection: Collection }) {
  const intl = useIntl();
  const demo = useDemoMode();
  const navigate = useNavigate();
  const { data, error } = useProperties(collection.id);
  const runs = useImportRuns(collection.id);
  const crumbs = useCollectionCrumbs(collection, { manage: true });
  const title = intl.formatMessage(messages.title, { name: collection.name });
  return (
    <Screen title={title} crumbs={crumbs}>
      <FlashStatus />
      <section className="card stack" aria-labelledby="import-title">
        <h1 id="import-title">{title}</h1>
        {demo ? <DemoNotice /> : null}
        <p className="muted">{intl.formatMessage(messages.intro)}</p>
        {error ? (
          <PageError error={error} />
        ) : data ? (
          <ImportSetup
            collectionId={collection.id}
            renderValue={(field, value) => <ValueDisplay field={field} value={value} compact />}
            properties={data.properties}
            readOnly={demo}
            onStarted={(run) => {
              void runs.mutate();
              void navigate(paths.collectionImportRun(collection.id, run.id));
            }}
          />
        ) : (
          <Loading />
        )}
      </section>
      <ScheduledImports
        collectionId={collection.id}
        readOnly={demo}
        onStarted={(id) => void navigate(paths.collectionImportRun(collection.id, id))}
      />
      <section className="card stack" aria-labelledby="import-history-title">
        <h2 id="import-history-title">{intl.formatMessage(messages.history)}</h2>
        <ImportHistory collectionId={collection.id} />
      </section>
    </Screen>
  );
}

export default function CollectionImportRoute() {
  return <CollectionGate least="co_owner">{(collection) => <ImportScreen key={collection.id} collection={collection} />}</CollectionGate>;
}
