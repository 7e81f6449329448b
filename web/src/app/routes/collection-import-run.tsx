// One import of a collection: its progress while it runs, then its report, kept in the settings.
import { useCallback } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import type { Collection } from '@shared/schemas/collections';
import { Loading } from '@web/components/loading';
import { NotFoundScreen } from '@web/components/not-found-screen';
import { PageError } from '@web/components/page-error';
import { Screen } from '@web/components/screen';
import { importsKey, useImportReport } from '@web/features/imports/api/imports';
import { itemsTouched } from '@web/features/items/api/touched';
import { propertiesTouched } from '@web/features/properties/api/touched';
import { anyOf, exactly, useRevalidate } from '@web/lib/revalidate';
import { ImportRunReport } from '@web/features/imports/components/import-run';
import { useProperties } from '@web/features/properties/api/get-properties';
import { paths } from '@web/lib/paths';
import { CollectionGate, useCollectionCrumbs, useRouteIds } from '../collection-gate';
import '@web/features/imports/components/imports.css';

const messages = defineMessages<{ crumb: NoMessageValues; title: { file: string } }>({
  crumb: { id: 'app.collectionImport.crumb', defaultMessage: 'Import' },
  title: { id: 'app.collectionImportRun.title', defaultMessage: 'Import of {file}' },
});

function RunScreen({ collection, id }: { collection: Collection; id: number }) {
  const intl = useIntl();
  const { data, error, mutate } = useImportReport(collection.id, id);
  const revalidate = useRevalidate();
  const onFinished = useCallback(
    () => void revalidate(anyOf(itemsTouched(collection.id), propertiesTouched(collection.id), exactly(importsKey(collection.id)))),
    [revalidate, collection.id],
  );
  const properties = useProperties(collection.id);
  const crumbs = [
    ...useCollectionCrumbs(collection, { manage: true }),
    { label: intl.formatMessage(messages.crumb), to: paths.collectionImport(collection.id) },
  ];
  if (error) return <PageError error={error} />;
  if (!data) return <Loading />;
  const title = intl.formatMessage(messages.title, { file: data.fileName });
  return (
    <Screen title={title} crumbs={crumbs}>
      <section className="card stack" aria-labelledby="import-run-title">
        <h1 id="import-run-title">{title}</h1>
        <ImportRunReport
          report={data}
          properties={properties.data?.properties ?? []}
          onChange={(run) => void mutate({ ...data, ...run }, { revalidate: true })}
          onFinished={onFinished}
        />
      </section>
    </Screen>
  );
}

export default function CollectionImportRunRoute() {
  const { id } = useRouteIds();
  if (id === null) return <NotFoundScreen />;
  return (
    <CollectionGate least="co_owner">
      {(collection) => <RunScreen key={`${collection.id}-${id}`} collection={collection} id={id} />}
    </CollectionGate>
  );
}
