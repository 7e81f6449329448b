// Collection settings (docs/product.md §2): its properties in display order, and links to edit or delete it.
import { FileUp, ListPlus, Pencil, QrCode, Trash2 } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import type { Collection } from '@shared/schemas/collections';
import { Breadcrumbs } from '@web/components/breadcrumbs';
import { Button, ButtonLink } from '@web/components/button';
import { FlashStatus } from '@web/components/flash-status';
import { DemoNotice } from '@web/components/demo-notice';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { SharingCard } from '@web/features/collections/components/sharing-card';
import { ExportCard } from '@web/features/exports/components/export-card';
import { HiddenItems } from '@web/features/items/components/hidden-items';
import { useProperties } from '@web/features/properties/api/get-properties';
import { PropertiesTable } from '@web/features/properties/components/properties-table';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { usePageTitle } from '@web/lib/use-page-title';
import { CollectionGate, useCollectionCrumbs } from '../collection-gate';

const labelMessages = defineMessages({
  labels: { id: 'app.collectionManage.labels', defaultMessage: 'Print QR labels' },
});

const importMessages = defineMessages({
  title: { id: 'app.collectionManage.importTitle', defaultMessage: 'Import' },
  hint: {
    id: 'app.collectionManage.importHint',
    defaultMessage: 'Bring items in from a spreadsheet or another program, and see the reports of earlier imports.',
  },
  action: { id: 'app.collectionManage.import', defaultMessage: 'Import a file' },
});

const messages = defineMessages<{
  title: { name: string };
  properties: NoMessageValues;
  newProperty: NoMessageValues;
  collection: NoMessageValues;
  edit: NoMessageValues;
  delete: NoMessageValues;
  deleteHint: NoMessageValues;
  settings: NoMessageValues;
}>({
  title: { id: 'app.collectionManage.title', defaultMessage: 'Manage {name}' },
  settings: { id: 'app.collectionManage.settings', defaultMessage: 'Settings' },
  properties: { id: 'app.collectionManage.properties', defaultMessage: 'Properties' },
  newProperty: { id: 'app.collectionManage.newProperty', defaultMessage: 'New property' },
  collection: { id: 'app.collectionManage.collection', defaultMessage: 'Collection' },
  edit: { id: 'app.collectionManage.edit', defaultMessage: 'Edit collection' },
  delete: { id: 'app.collectionManage.delete', defaultMessage: 'Delete collection' },
  deleteHint: {
    id: 'app.collectionManage.deleteHint',
    defaultMessage: 'Deleting the collection removes its properties and items. This cannot be undone.',
  },
});

function ManageScreen({ collection }: { collection: Collection }) {
  const intl = useIntl();
  const demo = useDemoMode();
  const { data, error } = useProperties(collection.id);
  const crumbs = useCollectionCrumbs(collection);
  usePageTitle(intl.formatMessage(messages.title, { name: collection.name }));

  return (
    <div className="stack">
      <Breadcrumbs crumbs={[...crumbs, { label: intl.formatMessage(messages.settings) }]} />
      <h1>{intl.formatMessage(messages.title, { name: collection.name })}</h1>
      <FlashStatus />
      {demo ? <DemoNotice /> : null}
      <section className="card" aria-labelledby="manage-properties-title">
        <div className="card__header">
          <h2 id="manage-properties-title">{intl.formatMessage(messages.properties)}</h2>
          {demo ? (
            <Button icon={ListPlus} disabled>
              {intl.formatMessage(messages.newProperty)}
            </Button>
          ) : (
            <ButtonLink icon={ListPlus} to={paths.propertyNew(collection.id)}>
              {intl.formatMessage(messages.newProperty)}
            </ButtonLink>
          )}
        </div>
        {error ? (
          <PageError error={error} />
        ) : data ? (
          <PropertiesTable collectionId={collection.id} properties={data.properties} readOnly={demo} />
        ) : (
          <Loading />
        )}
      </section>
      <HiddenItems collectionId={collection.id} />
      <SharingCard collectionId={collection.id} readOnly={demo} />
      <section className="card" aria-labelledby="manage-import-title">
        <h2 id="manage-import-title">{intl.formatMessage(importMessages.title)}</h2>
        <p className="muted">{intl.formatMessage(importMessages.hint)}</p>
        <div className="actions">
          <ButtonLink variant="secondary" icon={FileUp} to={paths.collectionImport(collection.id)}>
            {intl.formatMessage(importMessages.action)}
          </ButtonLink>
        </div>
      </section>
      <ExportCard collectionId={collection.id} name={collection.name} />
      <section className="card" aria-labelledby="manage-collection-title">
        <h2 id="manage-collection-title">{intl.formatMessage(messages.collection)}</h2>
        <p className="muted">{intl.formatMessage(messages.deleteHint)}</p>
        <div className="actions">
          <ButtonLink variant="secondary" icon={Pencil} to={paths.collectionEdit(collection.id)}>
            {intl.formatMessage(messages.edit)}
          </ButtonLink>
          <ButtonLink variant="secondary" icon={QrCode} to={paths.collectionLabels(collection.id)}>
            {intl.formatMessage(labelMessages.labels)}
          </ButtonLink>
          {/* Quiet: the confirmation screen is where deleting is spelled out. Only the owner deletes. */}
          {!collection.isOwner ? null : demo ? (
            <Button variant="quiet" className="button--quiet-danger" icon={Trash2} disabled>
              {intl.formatMessage(messages.delete)}
            </Button>
          ) : (
            <ButtonLink variant="quiet" className="button--quiet-danger" icon={Trash2} to={paths.collectionDelete(collection.id)}>
              {intl.formatMessage(messages.delete)}
            </ButtonLink>
          )}
        </div>
      </section>
    </div>
  );
}

export default function CollectionManageRoute() {
  return <CollectionGate least="co_owner">{(collection) => <ManageScreen key={collection.id} collection={collection} />}</CollectionGate>;
}
