// Printable QR labels of a collection's items (all, or those named by ?items=1,2,3), for the owner.
import { defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import type { Collection } from '@shared/schemas/collections';
import type { ItemPage } from '@shared/schemas/items';
import { EmptyState } from '@web/components/empty-state';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { Screen } from '@web/components/screen';
import { LabelSheet } from '@web/features/lending/components/label-sheet';
import { apiRequest } from '@web/lib/api-client';
import { recordId } from '@web/lib/paths';
import { CollectionGate, useCollectionCrumbs } from '../collection-gate';
import { QrCode as QrIcon } from 'lucide-react';

const messages = defineMessages<{ title: Record<string, never>; none: Record<string, never> }>({
  title: { id: 'app.collectionLabels.title', defaultMessage: 'QR labels' },
  none: { id: 'app.collectionLabels.none', defaultMessage: 'No items to label yet.' },
});

function LabelsScreen({ collection }: { collection: Collection }) {
  const intl = useIntl();
  const crumbs = useCollectionCrumbs(collection, { manage: true });
  const [params] = useSearchParams();
  const selection = (params.get('items') ?? '')
    .split(',')
    .map((id) => recordId(id.trim()))
    .filter((id): id is number => id !== null);
  // The first page of "unlimited" (200 items): a few sheets, as much as one prints at once.
  const page = useSWR<ItemPage>(`/collections/${collection.id}/items?perPage=all&sort=created&dir=asc`, (key: string) =>
    apiRequest<ItemPage>(key),
  );
  const title = intl.formatMessage(messages.title);
  let body;
  if (page.error) body = <PageError error={page.error} />;
  else if (!page.data) body = <Loading />;
  else {
    const items = selection.length > 0 ? page.data.items.filter((item) => selection.includes(item.id)) : page.data.items;
    body =
      items.length === 0 ? (
        <EmptyState icon={QrIcon} title={intl.formatMessage(messages.none)} />
      ) : (
        <LabelSheet collectionId={collection.id} items={items} />
      );
  }
  return (
    <Screen title={title} crumbs={crumbs}>
      <section className="card">
        <h1>{title}</h1>
        {body}
      </section>
    </Screen>
  );
}

export default function CollectionLabelsRoute() {
  return <CollectionGate least="co_owner">{(collection) => <LabelsScreen collection={collection} />}</CollectionGate>;
}
