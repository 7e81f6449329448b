// /collections/:id/imports: start a run (multipart file + plan), the collection's runs, one run's report,
// cancel. Runs that are still going are read again every couple of seconds, so a page opened later (or
// in another tab) shows them moving.
import useSWR from 'swr';
import type { ImportPlanInput, ImportReport, ImportRun } from '../../../../../shared/schemas/imports';
import { apiRequest } from '../../../lib/api-client';
import { isRunning } from '../import-messages';

/** How often a running import's state is read again. */
export const RUNNING_REFRESH_MS = 1500;

export const importsKey = (collectionId: number) => `/collections/${collectionId}/imports`;
export const importKey = (collectionId: number, id: number) => `${importsKey(collectionId)}/${id}`;

export function useImportRuns(collectionId: number) {
  return useSWR<{ imports: ImportRun[] }>(importsKey(collectionId), (key: string) => apiRequest<{ imports: ImportRun[] }>(key), {
    refreshInterval: (data) => (data?.imports.some((run) => isRunning(run.status)) ? RUNNING_REFRESH_MS : 0),
  });
}

export function useImportReport(collectionId: number, id: number) {
  return useSWR<ImportReport>(importKey(collectionId, id), (key: string) => apiRequest<ImportReport>(key), {
    refreshInterval: (data) => (data && isRunning(data.status) ? RUNNING_REFRESH_MS : 0),
  });
}

export function startImport(collectionId: number, file: File, plan: ImportPlanInput): Promise<ImportRun> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('plan', JSON.stringify(plan));
  return apiRequest<ImportRun>(importsKey(collectionId), { method: 'POST', formData: form });
}

export function cancelImport(collectionId: number, id: number): Promise<ImportRun> {
  return apiRequest<ImportRun>(`${importKey(collectionId, id)}/cancel`, { method: 'POST' });
}
