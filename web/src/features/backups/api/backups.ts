// Backups of the whole instance and restores (/config/backups, /config/restores), for the built-in
// administrator. The list refreshes itself while a run goes on, so the page shows its progress.
import useSWR, { useSWRConfig } from 'swr';
import type { BackupRun, BackupRunList } from '@shared/schemas/backups';
import { apiDownload, apiRequest } from '@web/lib/api-client';
import { saveFile } from '@web/lib/save-file';

export const BACKUPS_KEY = '/config/backups';
/** How often the list is read again while a run goes on. */
const RUNNING_REFRESH_MS = 1_000;

export function useBackupRuns() {
  return useSWR<BackupRunList>(BACKUPS_KEY, (key: string) => apiRequest<BackupRunList>(key), {
    refreshInterval: (latest) => (latest?.runs.some((run) => run.status === 'running') ? RUNNING_REFRESH_MS : 0),
  });
}

export function useBackupActions() {
  const { mutate } = useSWRConfig();
  const refresh = () => mutate(BACKUPS_KEY);
  return {
    async start(): Promise<BackupRun> {
      const run = await apiRequest<BackupRun>(BACKUPS_KEY, { method: 'POST' });
      await refresh();
      return run;
    },
    async restore(file: File): Promise<BackupRun> {
      // The server reads the body as a zip whatever the browser guessed of the file's type.
      const run = await apiRequest<BackupRun>('/config/restores', { method: 'POST', file: new Blob([file], { type: 'application/zip' }) });
      await refresh();
      return run;
    },
    async remove(run: BackupRun): Promise<void> {
      await apiRequest<null>(`${BACKUPS_KEY}/${run.id}`, { method: 'DELETE' });
      await refresh();
    },
  };
}

export const backupFileName = (run: BackupRun) => `vitrine-backup-${run.createdAt.slice(0, 10)}-${run.id}.zip`;

export async function downloadBackup(run: BackupRun): Promise<void> {
  saveFile(await apiDownload(`${BACKUPS_KEY}/${run.id}/file`), backupFileName(run));
}
