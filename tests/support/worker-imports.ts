// Helpers for import tests in the workerd suite.
import type { ImportReport } from '../../shared/schemas/imports';
import { getJson } from './worker-catalogue';

/** Waits for a run's Workflow to end, reading the run as the import page does. */
export async function finishedImport(token: string, collectionId: number, id: number): Promise<ImportReport> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const report = await getJson<ImportReport>(`/api/v1/collections/${collectionId}/imports/${id}`, token);
    if (!['checking', 'importing'].includes(report.status)) return report;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} did not finish`);
}
