// A made backup of a person's collections as one zip, streamed from R2: vitrine-account.json (the
// manifest), then each collection's export (exports' own zip entries) in its own folder.
import {
  ACCOUNT_ARCHIVE_FORMAT,
  ACCOUNT_ARCHIVE_VERSION,
  ACCOUNT_MANIFEST_NAME,
  type AccountManifest,
} from '@shared/schemas/account-archives';
import type { AccountArchiveRow } from '@worker/db/raw-rows';
import type { Env } from '@worker/env';
import { crc32, KnownEntry, zipStream } from '@worker/lib/zip-entry';
import { ExportEntries } from '../exports/exports.service';
import type { BackupPart } from './account-archives.queries';

/** The download's zip: the manifest, then each collection's export in its own folder. */
export function backupZip(env: Env, row: AccountArchiveRow, parts: BackupPart[]): ReadableStream<Uint8Array> {
  const folder = (index: number) => `collections/${index + 1}/`;
  const manifest: AccountManifest = {
    format: ACCOUNT_ARCHIVE_FORMAT,
    version: ACCOUNT_ARCHIVE_VERSION,
    createdAt: row.created_at,
    collections: parts.map((part, index) => ({
      name: part.name ?? '',
      document: `${folder(index)}collection.json`,
      pictures: `${folder(index)}pictures/`,
      itemCount: part.items,
      pictureCount: part.pictures,
    })),
  };
  const bytes = new TextEncoder().encode(JSON.stringify(manifest, null, 2));
  let index = -1;
  let current: ExportEntries | null = null;
  return zipStream(async (zip) => {
    if (index < 0) {
      const entry = new KnownEntry(ACCOUNT_MANIFEST_NAME, bytes.length, crc32(bytes), Date.parse(row.created_at), null);
      zip.add(entry);
      entry.push(bytes, true);
      index = 0;
      return 'more';
    }
    while (index < parts.length) {
      current ??= new ExportEntries(env, parts[index]!, `${folder(index)}collection.json`, `${folder(index)}pictures/`);
      if ((await current.next(zip)) === 'more') return 'more';
      current = null;
      index += 1;
    }
    return 'done';
  });
}
