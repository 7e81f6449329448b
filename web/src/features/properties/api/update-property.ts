// PATCH /collections/:id/properties/:pid: roles set here are cleared from the property that had them.
import useSWRMutation from 'swr/mutation';
import type { Property, UpdatePropertyInput } from '@shared/schemas/properties';
import { apiRequest } from '@web/lib/api-client';
import { useRevalidate } from '@web/lib/revalidate';
import { propertiesKey } from './get-properties';
import { propertiesTouched } from './touched';

export function propertyKey(collectionId: number | string, id: number | string): string {
  return `${propertiesKey(collectionId)}/${id}`;
}

export function updateProperty(collectionId: number, id: number, input: UpdatePropertyInput): Promise<Property> {
  return apiRequest<Property>(propertyKey(collectionId, id), { method: 'PATCH', body: input });
}

export function useUpdateProperty(collectionId: number, id: number) {
  const revalidate = useRevalidate();
  return useSWRMutation(
    `update-property-${collectionId}-${id}`,
    (_key: string, { arg }: { arg: UpdatePropertyInput }) => updateProperty(collectionId, id, arg),
    { onSuccess: () => void revalidate(propertiesTouched(collectionId)) },
  );
}
