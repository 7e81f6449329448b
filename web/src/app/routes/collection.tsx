// The collection view (docs/product.md §2): the showcase header, the list with search, sort, filters and paging,
// last changes. The owner's tools sit in the header beside Share, so the covers start on the first screen.
import { FileUp, Plus, ScanSearch, Settings } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import { hasRole } from '@shared/catalogue';
import { VISIBILITY } from '@shared/constants';
import type { Collection } from '@shared/schemas/collections';
import { ErrorAlert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { FlashStatus } from '@web/components/flash-status';
import { HydrateLater } from '@web/components/hydrate-later';
import { TURNS } from '@web/lib/hydration-turns';
import { Loading } from '@web/components/loading';
import { CollectionHeader } from '@web/features/collections/components/collection-header';
import { TagsEditor } from '@web/features/collections/components/tags-editor';
import { ItemBrowser } from '@web/features/items/components/item-browser';
import { RecentItems } from '@web/features/items/components/recent-items';
import { useThumbnailMaker } from '@web/lib/use-thumbnail-maker';
import { useProperties } from '@web/features/properties/api/get-properties';
import { describeError } from '@web/lib/error-messages';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { DemoNotice } from '@web/components/demo-notice';
import { usePageTitle } from '@web/lib/use-page-title';
import { CollectionGate } from '../collection-gate';

const messages = defineMessages({
  newItem: { id: 'app.collection.newItem', defaultMessage: 'New item' },
  manage: { id: 'app.collection.manage', defaultMessage: 'Manage' },
  fromSource: { id: 'app.collection.fromSource', defaultMessage: 'Find in a catalogue' },
  importFile: { id: 'app.collection.importFile', defaultMessage: 'Import a file' },
  hidden: {
    id: 'app.collection.hidden',
    defaultMessage:
      'This collection is visible to nobody: its items are not shown here, not even to you. Change its visibility in its settings to browse them.',
  },
});

function CollectionScreen({ collection }: { collection: Collection }) {
  const intl = useIntl();
  const demo = useDemoMode();
  const properties = useProperties(collection.id);
  // Level 4 "Nobody" is never shown on browsing pages, even to the owner (docs/product.md).
  const hidden = collection.visibility === VISIBILITY.nobody;
  usePageTitle(collection.name);
  // Pictures an import stored get their thumbnails made while their owner has the collection open.
  useThumbnailMaker(collection.id, collection.isOwner && !demo);

  const editor = hasRole(collection.role, 'editor');
  const coOwner = hasRole(collection.role, 'co_owner');
  const actions = editor ? (
    <>
      {demo ? (
        <Button icon={Plus} disabled>
          <span className="button__label">{intl.formatMessage(messages.newItem)}</span>
        </Button>
      ) : (
        <ButtonLink icon={Plus} to={paths.itemNew(collection.id)}>
          <span className="button__label">{intl.formatMessage(messages.newItem)}</span>
        </ButtonLink>
      )}
      <ButtonLink variant="secondary" icon={ScanSearch} to={paths.collectionImportItem(collection.id)}>
        <span className="button__label">{intl.formatMessage(messages.fromSource)}</span>
      </ButtonLink>
      {coOwner ? (
        <>
          <ButtonLink variant="secondary" icon={Settings} to={paths.collectionManage(collection.id)}>
            <span className="button__label">{intl.formatMessage(messages.manage)}</span>
          </ButtonLink>
          <TagsEditor collection={collection} disabled={demo} />
        </>
      ) : null}
    </>
  ) : null;

  return (
    <div className="stack collection-page">
      {/* Taken over in a task of its own on a rendered page (lib/hydration-turns.ts). */}
      <HydrateLater turn={TURNS.frame}>
        <CollectionHeader collection={collection} actions={actions} />
      </HydrateLater>
      <FlashStatus />
      {demo && editor ? <DemoNotice /> : null}
      {hidden ? <p className="demo-notice">{intl.formatMessage(messages.hidden)}</p> : null}
      {properties.error ? <ErrorAlert>{describeError(intl, properties.error)}</ErrorAlert> : null}
      {hidden ? null : properties.data ? (
        <ItemBrowser
          collectionId={collection.id}
          collectionType={collection.type}
          properties={properties.data.properties}
          searchDisabled={demo}
          emptyAction={
            coOwner && !demo ? (
              <ButtonLink variant="secondary" icon={FileUp} to={paths.collectionImport(collection.id)}>
                {intl.formatMessage(messages.importFile)}
              </ButtonLink>
            ) : undefined
          }
        />
      ) : properties.error ? null : (
        <Loading />
      )}
      {hidden ? null : <RecentItems collectionId={collection.id} collectionType={collection.type} />}
    </div>
  );
}

export default function CollectionRoute() {
  return <CollectionGate>{(collection) => <CollectionScreen key={collection.id} collection={collection} />}</CollectionGate>;
}
