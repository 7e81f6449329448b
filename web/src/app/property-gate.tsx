// Screens under /collection/:cid/manage/property/:id find their property among the collection's
// (there is no single-property read): not-found for a bad id or one the collection does not have.
import type { ReactNode } from 'react';
import type { Collection } from '@shared/schemas/collections';
import type { Property } from '@shared/schemas/properties';
import { Loading } from '../components/loading';
import { NotFoundScreen } from '../components/not-found-screen';
import { PageError } from '../components/page-error';
import { useProperties } from '../features/properties/api/get-properties';
import { useRouteIds } from './collection-gate';

interface PropertyGateProps {
  collection: Collection;
  children: (property: Property) => ReactNode;
}

export function PropertyGate({ collection, children }: PropertyGateProps) {
  const { id } = useRouteIds();
  const { data, error } = useProperties(collection.id);
  if (id === null) return <NotFoundScreen />;
  if (error) return <PageError error={error} />;
  if (!data) return <Loading />;
  const property = data.properties.find((candidate) => candidate.id === id);
  if (!property) return <NotFoundScreen />;
  return <>{children(property)}</>;
}
