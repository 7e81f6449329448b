// /collections/:id/sources/queues: start a list of ISBNs or barcodes, the collection's latest lists, one
// list with each code's outcome, stop. A list that goes on is read again every couple of seconds.
import useSWR from 'swr';
import type { SourceId, SourceQueueReport, SourceQueueRun } from '@shared/schemas/sources';
import { apiRequest } from '@web/lib/api-client';
import { sourcesKey } from './sources';

/** How often a running list is read again. */
const RUNNING_REFRESH_MS = 1500;

export const sourceQueuesKey = (collectionId: number) => `${sourcesKey(collectionId)}/queues`;

export function useSourceQueues(collectionId: number) {
  return useSWR<{ queues: SourceQueueRun[] }>(
    sourceQueuesKey(collectionId),
    (key: string) => apiRequest<{ queues: SourceQueueRun[] }>(key),
    {
      refreshInterval: (data) => (data?.queues.some((q) => q.status === 'running') ? RUNNING_REFRESH_MS : 0),
    },
  );
}

export function useSourceQueue(collectionId: number, id: number) {
  return useSWR<SourceQueueReport>(`${sourceQueuesKey(collectionId)}/${id}`, (key: string) => apiRequest<SourceQueueReport>(key), {
    refreshInterval: (data) => (data?.status === 'running' ? RUNNING_REFRESH_MS : 0),
  });
}

export function startSourceQueue(collectionId: number, codes: string[], source: SourceId | null): Promise<SourceQueueRun> {
  return apiRequest<SourceQueueRun>(sourceQueuesKey(collectionId), { method: 'POST', body: { codes, ...(source && { source }) } });
}

export function cancelSourceQueue(collectionId: number, id: number): Promise<SourceQueueRun> {
  return apiRequest<SourceQueueRun>(`${sourceQueuesKey(collectionId)}/${id}/cancel`, { method: 'POST' });
}
