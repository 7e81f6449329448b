// A person's backups of their collections and restores of one (/profile/archives, /profile/backups,
// /profile/restores). The list refreshes itself while one runs, so the page shows its progress.
import useSWR, { useSWRConfig } from 'swr';
import type { AccountArchive, AccountArchiveList } from '@shared/schemas/account-archives';
import { apiDownload, apiRequest } from '@web/lib/api-client';
import { saveFile } from '@web/lib/save-file';

export const ARCHIVES_KEY = '/profile/archives';
/** How often the list is read again while a backup or a restore goes on. */
const RUNNING_REFRESH_MS = 1_000;

export function useAccountArchives() {
  return useSWR<AccountArchiveList>(ARCHIVES_KEY, (key: string) => apiRequest<AccountArchiveList>(key), {
    refreshInterval: (latest) => (latest?.archives.some((archive) => archive.status === 'running') ? RUNNING_REFRESH_MS : 0),
  });
}

export function useAccountArchiveActions() {
  const { mutate } = useSWRConfig();
  const refresh = () => mutate(ARCHIVES_KEY);
  return {
    async backUp(): Promise<AccountArchive> {
      const archive = await apiRequest<AccountArchive>('/profile/backups', { method: 'POST' });
      await refresh();
      return archive;
    },
    async restore(file: File): Promise<AccountArchive> {
      // The server reads the body as a zip whatever the browser guessed of the file's type.
      const archive = await apiRequest<AccountArchive>('/profile/restores', {
        method: 'POST',
        file: new Blob([file], { type: 'application/zip' }),
      });
      await refresh();
      // The restored collections join the caller's own.
      await mutate((key) => typeof key === 'string' && key.startsWith('/collections'));
      return archive;
    },
  };
}

export const archiveFileName = (archive: AccountArchive) => `vitrine-collections-${archive.createdAt.slice(0, 10)}-${archive.id}.zip`;

export async function downloadArchive(archive: AccountArchive): Promise<void> {
  saveFile(await apiDownload(`${ARCHIVES_KEY}/${archive.id}/file`), archiveFileName(archive));
}
