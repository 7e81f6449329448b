// A backup of the whole instance, or a restore of one, as the Configuration area shows it.
import { z } from '@hono/zod-openapi';

/** The largest backup file a restore takes in one upload (Workers' request body limit on the free plan). */
export const BACKUP_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

export const backupRun = z
  .object({
    id: z.number().int(),
    kind: z.enum(['backup', 'restore']),
    status: z.enum(['running', 'done', 'failed']),
    /** backup: tables, media, done; restore: upload, open, verify, tables, done */
    phase: z.string(),
    /** Entries in the zip: written so far (backup), or in the file (restore). */
    entries: z.number().int(),
    /** restore: entries put back so far. */
    restored: z.number().int(),
    rows: z.number().int(),
    objects: z.number().int(),
    bytes: z.number().int(),
    /** Why it failed: not_a_backup, backup_version, backup_damaged, not_empty, admin_mismatch or step_failed. */
    problem: z.string().nullable(),
    /** With backup_damaged: the part of the file at fault, e.g. tables/item_values/000010.json (missing, extra, cut short or changed), media/ (files missing or extra) or vitrine-backup.json. */
    problemPart: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi('BackupRun');
export type BackupRun = z.infer<typeof backupRun>;

export const backupRunList = z.object({ runs: z.array(backupRun) }).openapi('BackupRunList');
export type BackupRunList = z.infer<typeof backupRunList>;
