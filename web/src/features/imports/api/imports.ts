// /collections/:id/imports: start a run (multipart file + plan), the collection's runs, one run's report,
// cancel. Runs that are still going are read again every couple of seconds, so a page opened later (or
// in another tab) shows them moving.
import useSWR from 'swr';
import type { ImportSchedule, ScheduledImport, ScheduledImportSetup, ScheduledImportSpecInput } from '@shared/schemas/scheduled-imports';
import type { ImportPlanInput, ImportReport, ImportRun } from '@shared/schemas/imports';
import { apiDownload, apiRequest } from '@web/lib/api-client';
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

/** Starts a run; with `source`, the file came from it and it re-runs with the same plan on its schedule. */
export function startImport(
  collectionId: number,
  file: File,
  plan: ImportPlanInput,
  source: ScheduledImportSetup | null = null,
): Promise<ImportRun> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('plan', JSON.stringify(plan));
  if (source) form.append('source', JSON.stringify(source));
  return apiRequest<ImportRun>(importsKey(collectionId), { method: 'POST', formData: form });
}

export function cancelImport(collectionId: number, id: number): Promise<ImportRun> {
  return apiRequest<ImportRun>(`${importKey(collectionId, id)}/cancel`, { method: 'POST' });
}

export const scheduledImportsKey = (collectionId: number) => `/collections/${collectionId}/scheduled-imports`;

export function useScheduledImports(collectionId: number) {
  return useSWR<{ sources: ScheduledImport[] }>(
    scheduledImportsKey(collectionId),
    (key: string) => apiRequest<{ sources: ScheduledImport[] }>(key),
    {
      refreshInterval: (data) => (data?.sources.some((s) => s.lastRun && isRunning(s.lastRun.status)) ? RUNNING_REFRESH_MS : 0),
    },
  );
}

/** A source's document, fetched by the server (the guarded fetch), as a file the import screen reads. */
export async function fetchSourceDocument(collectionId: number, spec: ScheduledImportSpecInput, name: string): Promise<File> {
  const blob = await apiDownload(`${scheduledImportsKey(collectionId)}/fetch`, { body: spec });
  return new File([await blob.arrayBuffer()], name, { type: blob.type });
}

export function rescheduleSource(collectionId: number, id: number, schedule: ImportSchedule): Promise<ScheduledImport> {
  return apiRequest<ScheduledImport>(`${scheduledImportsKey(collectionId)}/${id}`, { method: 'PATCH', body: { schedule } });
}

export function runSource(collectionId: number, id: number): Promise<ImportRun> {
  return apiRequest<ImportRun>(`${scheduledImportsKey(collectionId)}/${id}/run`, { method: 'POST' });
}

export function removeSource(collectionId: number, id: number): Promise<void> {
  return apiRequest<void>(`${scheduledImportsKey(collectionId)}/${id}`, { method: 'DELETE' });
}
