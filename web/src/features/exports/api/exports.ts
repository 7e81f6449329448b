// A collection's export (GET /collections/{id}/export), saved as the browser saves any download.
import { apiDownload } from '../../../lib/api-client';

export type ExportFormat = 'json' | 'csv';

/** Fetches the export with the session (a plain link would go without it) and saves it under `name`. */
export async function downloadExport(collectionId: number, format: ExportFormat, name: string): Promise<void> {
  const blob = await apiDownload(`/collections/${collectionId}/export?format=${format}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
