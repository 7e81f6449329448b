// A collection's export (GET /collections/{id}/export), saved as the browser saves any download.
import useSWR from 'swr';
import type { ExportRun } from '../../../../../shared/schemas/exports';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export type ExportFormat = 'json' | 'csv';

/** Fetches the export with the session and saves it under `name`. */
export async function downloadExport(collectionId: number, format: ExportFormat, name: string): Promise<void> {
  saveFile(await apiDownload(`/collections/${collectionId}/export?format=${format}`), `${name}.${format}`);
}

// An export with its pictures (POST /collections/{id}/exports): made in the background, read again every
// second while it runs, then downloaded as one zip.
const zipRunsPath = (collectionId: number) => `/collections/${collectionId}/exports`;
/** How often a running export is read again. */
const RUNNING_REFRESH_MS = 1_000;

export function useZipExport(collectionId: number, runId: number | null) {
  return useSWR<ExportRun>(runId === null ? null : `${zipRunsPath(collectionId)}/${runId}`, (key: string) => apiRequest<ExportRun>(key), {
    refreshInterval: (latest) => (latest?.status === 'running' ? RUNNING_REFRESH_MS : 0),
  });
}

export function startZipExport(collectionId: number): Promise<ExportRun> {
  return apiRequest<ExportRun>(zipRunsPath(collectionId), { method: 'POST' });
}

export async function downloadZipExport(collectionId: number, run: ExportRun, name: string): Promise<void> {
  saveFile(await apiDownload(`${zipRunsPath(collectionId)}/${run.id}/file`), `${name}.zip`);
}
