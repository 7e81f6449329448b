// Screens under /collection/:cid load their collection first: not-found for a bad id, a missing or
// hidden collection (or, for the settings screens, one the caller does not own); the error screen else.
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { hasRole, type CollectionRole } from '@shared/catalogue';
import type { Collection } from '@shared/schemas/collections';
import type { Crumb } from '../components/breadcrumbs';
import { Loading } from '../components/loading';
import { NotFoundScreen } from '../components/not-found-screen';
import { PageError } from '../components/page-error';
import { useCollection } from '../features/collections/api/get-collection';
import { paths, recordId } from '../lib/paths';

const messages = defineMessages({
  collections: { id: 'app.collectionGate.collections', defaultMessage: 'Collections' },
  manage: { id: 'app.collectionGate.manage', defaultMessage: 'Settings' },
});

/** The numeric :cid and :id of the current route (null when absent or not a number). */
export function useRouteIds(): { cid: number | null; id: number | null; rawId: string | undefined } {
  const params = useParams();
  return { cid: recordId(params.cid), id: recordId(params.id), rawId: params.id };
}

/** Breadcrumbs from the collections list down to a collection (and its settings). */
export function useCollectionCrumbs(collection: Collection, { manage = false } = {}): Crumb[] {
  const intl = useIntl();
  const crumbs: Crumb[] = [
    { label: intl.formatMessage(messages.collections), to: paths.home() },
    { label: collection.name, to: paths.collection(collection.id) },
  ];
  if (manage) crumbs.push({ label: intl.formatMessage(messages.manage), to: paths.collectionManage(collection.id) });
  return crumbs;
}

interface CollectionGateProps {
  /** Only the owner may open this screen (deleting the collection, lending records). */
  ownerOnly?: boolean;
  /** Only the owner and members with at least this role (item forms: editor; settings: co-owner). */
  least?: CollectionRole;
  children: (collection: Collection) => ReactNode;
}

export function CollectionGate({ ownerOnly = false, least, children }: CollectionGateProps) {
  const { cid } = useRouteIds();
  const { data, error } = useCollection(cid);
  if (cid === null) return <NotFoundScreen />;
  if (error) return <PageError error={error} />;
  if (!data) return <Loading />;
  if (ownerOnly && !data.isOwner) return <NotFoundScreen />;
  if (least && !hasRole(data.role, least)) return <NotFoundScreen />;
  return <>{children(data)}</>;
}
