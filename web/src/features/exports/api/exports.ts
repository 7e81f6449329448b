// A collection's export (GET /collections/{id}/export), saved as the browser saves any download.
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export type ExportFormat = 'json' | 'csv';

/** Fetches the export with the session and saves it under `name`. */
export async function downloadExport(collectionId: number, format: ExportFormat, name: string): Promise<void> {
  saveFile(await apiDownload(`/collections/${collectionId}/export?format=${format}`), `${name}.${format}`);
}
