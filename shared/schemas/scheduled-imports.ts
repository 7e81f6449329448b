// Scheduled imports: where a collection's import re-runs from (the Worker's cron starts each
// run), described the same way when the browser fetches one to set it up.
import { z } from 'zod';
import { importRun } from './imports';

export const IMPORT_SOURCE_KINDS = ['url', 'bgg', 'goodreads'] as const;
export type ScheduledImportKind = (typeof IMPORT_SOURCE_KINDS)[number];
export const IMPORT_SCHEDULES = ['daily', 'weekly'] as const;
export type ImportSchedule = (typeof IMPORT_SCHEDULES)[number];

/** BoardGameGeek user names: letters, digits, spaces, dots, underscores and hyphens. */
const BGG_USER = /^[\p{L}\p{N} ._-]{1,64}$/u;
/** A Goodreads user id as its profile address shows it: 123456 or 123456-ada-lovelace. */
const GOODREADS_USER = /^\d{1,12}(-[a-z0-9-]{1,80})?$/i;
const SHELF = /^[\p{L}\p{N}_-]{1,80}$/u;

/** An address's scheme ("https:"), or null when it is not an address. */
function protocolOf(text: string): string | null {
  try {
    return new URL(text).protocol;
  } catch {
    return null;
  }
}

/** Where a source is: a file's address, a BoardGameGeek user, or a Goodreads user and shelf. */
export const scheduledImportSpec = z
  .object({
    kind: z.enum(IMPORT_SOURCE_KINDS),
    address: z.string().trim().min(1).max(2000),
    /** Goodreads only: the shelf (read, to-read, currently-reading or the person's own); read by default. */
    shelf: z.string().trim().max(80).nullable().default(null),
  })
  .strict()
  .superRefine((spec, ctx) => {
    const bad = (path: string, reason: string) => ctx.addIssue({ code: 'custom', path: [path], message: reason, params: { reason } });
    if (spec.kind === 'url') {
      const protocol = protocolOf(spec.address);
      if (protocol !== 'http:' && protocol !== 'https:') bad('address', 'invalid_url');
    }
    if (spec.kind === 'bgg' && !BGG_USER.test(spec.address)) bad('address', 'invalid_username');
    if (spec.kind === 'goodreads' && !GOODREADS_USER.test(spec.address)) bad('address', 'invalid_user_id');
    if (spec.shelf && (spec.kind !== 'goodreads' || !SHELF.test(spec.shelf))) bad('shelf', 'invalid');
  });
export type ScheduledImportSpec = z.output<typeof scheduledImportSpec>;
export type ScheduledImportSpecInput = z.input<typeof scheduledImportSpec>;

/** A source as set up with an import: where, and how often it re-runs. */
export const scheduledImportSetup = z.object({ source: scheduledImportSpec, schedule: z.enum(IMPORT_SCHEDULES) }).strict();
export type ScheduledImportSetup = z.input<typeof scheduledImportSetup>;

export const scheduledImportUpdate = z.object({ schedule: z.enum(IMPORT_SCHEDULES) }).strict();

export const scheduledImport = z.object({
  id: z.number().int(),
  collectionId: z.number().int(),
  kind: z.enum(IMPORT_SOURCE_KINDS),
  address: z.string(),
  shelf: z.string().nullable(),
  schedule: z.enum(IMPORT_SCHEDULES),
  /** When the cron starts the next run. */
  nextRunAt: z.string(),
  /** Runs failed in a row (the owner is emailed at the third). */
  failures: z.number().int(),
  /** The newest run from this source, if any. */
  lastRun: importRun.nullable(),
  createdAt: z.string(),
});
export type ScheduledImport = z.infer<typeof scheduledImport>;

export const scheduledImportList = z.object({ sources: z.array(scheduledImport) });
