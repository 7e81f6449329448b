// POST /collections/:id/properties: a new property (its key derives from the label when absent).
import useSWRMutation from 'swr/mutation';
import type { CreatePropertyInput, Property } from '@shared/schemas/properties';
import { apiRequest } from '@web/lib/api-client';
import { useRevalidate } from '@web/lib/revalidate';
import { propertiesKey } from './get-properties';
import { propertiesTouched } from './touched';

export function createProperty(collectionId: number, input: CreatePropertyInput): Promise<Property> {
  return apiRequest<Property>(propertiesKey(collectionId), { method: 'POST', body: input });
}

export function useCreateProperty(collectionId: number) {
  const revalidate = useRevalidate();
  return useSWRMutation(
    `create-property-${collectionId}`,
    (_key: string, { arg }: { arg: CreatePropertyInput }) => createProperty(collectionId, arg),
    { onSuccess: () => void revalidate(propertiesTouched(collectionId)) },
  );
}
