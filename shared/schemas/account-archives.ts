// A person's backup of their own collections, or a restore of one into their account (the profile page):
// made in the background, then downloaded as one zip (kept a day); a restore makes each collection of
// the zip again, with its properties, items, loans and pictures.
import { z } from '@hono/zod-openapi';
import { IMPORT_STATUSES } from './imports';

export const ACCOUNT_ARCHIVE_FORMAT = 'vitrine-account';
export const ACCOUNT_ARCHIVE_VERSION = 1;
export const ACCOUNT_MANIFEST_NAME = 'vitrine-account.json';

/**
 * What the manifest of a backup of someone's collections says: each collection's document and pictures
 * folder, with its count of items and of pictures (a restore compares the pictures with the zip's).
 */
export interface AccountManifest {
  format: typeof ACCOUNT_ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  collections: { name: string; document: string; pictures: string; itemCount?: number; pictureCount?: number }[];
}

/** The largest archive a restore takes in one upload (Workers' request body limit on the free plan). */
export const ARCHIVE_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

/** Why a backup or a restore failed, as the page says it (web i18n: archives.problem.*). */
export const ARCHIVE_PROBLEMS = ['not_an_archive', 'archive_version', 'archive_damaged', 'step_failed'] as const;
export type ArchiveProblem = (typeof ARCHIVE_PROBLEMS)[number];

export const archivedCollection = z.object({
  name: z.string(),
  /** restore: the collection made again (null before it is, or once deleted). */
  collectionId: z.number().int().nullable(),
  /** Its import's progress: items in its document, and those taken so far. */
  importId: z.number().int().nullable(),
  importStatus: z.enum(IMPORT_STATUSES).nullable(),
  total: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
  /** restore: values its import left out or cut (its report, at the import's page, says which and why). */
  leftOut: z.number().int(),
  /** backup: items written so far and pictures measured. */
  items: z.number().int(),
  pictures: z.number().int(),
});
export type ArchivedCollection = z.infer<typeof archivedCollection>;

export const accountArchive = z
  .object({
    id: z.number().int(),
    kind: z.enum(['backup', 'restore']),
    status: z.enum(['running', 'done', 'failed']),
    /** restore: open (reading the zip), create, pictures, import, done; backup: running, done */
    phase: z.string(),
    /** Collections in the archive, and (restore) those made again so far. */
    total: z.number().int(),
    restored: z.number().int(),
    collections: z.array(archivedCollection),
    problem: z.enum(ARCHIVE_PROBLEMS).nullable(),
    /** With archive_damaged: the part of the zip at fault, e.g. collections/1/pictures/ (pictures missing or extra). */
    problemPart: z.string().nullable(),
    /** backup: the zip's address once made (kept a day). */
    file: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi('AccountArchive');
export type AccountArchive = z.infer<typeof accountArchive>;

export const accountArchiveList = z.object({ archives: z.array(accountArchive) }).openapi('AccountArchiveList');
export type AccountArchiveList = z.infer<typeof accountArchiveList>;
