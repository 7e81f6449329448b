// A collection's export (GET /collections/{id}/export), saved as the browser saves any download.
import useSWR from 'swr';
import type { ExportRun, ExportRunList } from '@shared/schemas/exports';
import { apiDownload, apiRequest } from '@web/lib/api-client';
import { saveFile } from '@web/lib/save-file';

export type ExportFormat = 'json' | 'csv';

/** Fetches the export with the session and saves it under `name`. */
export async function downloadExport(collectionId: number, format: ExportFormat, name: string): Promise<void> {
  saveFile(await apiDownload(`/collections/${collectionId}/export?format=${format}`), `${name}.${format}`);
}

// Exports with pictures (POST /collections/{id}/exports): made in the background and kept a day. The
// caller's recent ones are read again every second while one runs, then downloaded as one zip.
const zipRunsPath = (collectionId: number) => `/collections/${collectionId}/exports`;
/** How often the list is read again while an export runs. */
const RUNNING_REFRESH_MS = 1_000;

/** The caller's kept exports of the collection; none asked for when `collectionId` is null. */
export function useZipExports(collectionId: number | null) {
  return useSWR<ExportRunList>(collectionId === null ? null : zipRunsPath(collectionId), (key: string) => apiRequest<ExportRunList>(key), {
    refreshInterval: (latest) => (latest?.runs.some((run) => run.status === 'running') ? RUNNING_REFRESH_MS : 0),
  });
}

export function startZipExport(collectionId: number): Promise<ExportRun> {
  return apiRequest<ExportRun>(zipRunsPath(collectionId), { method: 'POST' });
}

export async function downloadZipExport(collectionId: number, run: ExportRun, name: string): Promise<void> {
  saveFile(await apiDownload(`${zipRunsPath(collectionId)}/${run.id}/file`), `${name}.zip`);
}
