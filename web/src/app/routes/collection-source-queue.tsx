// One list of ISBNs or barcodes sent from "Find in a catalogue": its progress while the server works
// through it, then what became of each code.
import { useCallback } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import type { Collection } from '@shared/schemas/collections';
import { Loading } from '@web/components/loading';
import { NotFoundScreen } from '@web/components/not-found-screen';
import { PageError } from '@web/components/page-error';
import { Screen } from '@web/components/screen';
import { itemsTouched } from '@web/features/items/api/touched';
import { sourceQueuesKey, useSourceQueue } from '@web/features/sources/api/source-queues';
import { useSourceOffers } from '@web/features/sources/api/sources';
import { queueMessages, SourceQueueReportView } from '@web/features/sources/components/source-queue-report';
import { paths } from '@web/lib/paths';
import { anyOf, exactly, useRevalidate } from '@web/lib/revalidate';
import { CollectionGate, useCollectionCrumbs, useRouteIds } from '../collection-gate';

const messages = defineMessages<{ crumb: NoMessageValues }>({
  crumb: { id: 'app.collectionSourceQueue.crumb', defaultMessage: 'Find in a catalogue' },
});

function QueueScreen({ collection, id }: { collection: Collection; id: number }) {
  const intl = useIntl();
  const { data, error, mutate } = useSourceQueue(collection.id, id);
  const offers = useSourceOffers(collection.id);
  const revalidate = useRevalidate();
  const onFinished = useCallback(
    () => void revalidate(anyOf(itemsTouched(collection.id), exactly(sourceQueuesKey(collection.id)))),
    [revalidate, collection.id],
  );
  const crumbs = [
    ...useCollectionCrumbs(collection),
    { label: intl.formatMessage(messages.crumb), to: paths.collectionImportItem(collection.id) },
  ];
  if (error) return <PageError error={error} />;
  if (!data) return <Loading />;
  const title = intl.formatMessage(queueMessages.name, { count: data.total });
  const sourceName = (source: string) => offers.data?.sources.find((o) => o.id === source)?.name ?? source;
  return (
    <Screen title={title} crumbs={crumbs}>
      <section className="card stack" aria-labelledby="source-queue-title">
        <h1 id="source-queue-title">{title}</h1>
        <SourceQueueReportView
          report={data}
          sourceName={sourceName}
          onChange={(run) => void mutate({ ...data, ...run }, { revalidate: true })}
          onFinished={onFinished}
        />
      </section>
    </Screen>
  );
}

export default function CollectionSourceQueueRoute() {
  const { id } = useRouteIds();
  if (id === null) return <NotFoundScreen />;
  return (
    <CollectionGate least="editor">
      {(collection) => <QueueScreen key={`${collection.id}-${id}`} collection={collection} id={id} />}
    </CollectionGate>
  );
}
