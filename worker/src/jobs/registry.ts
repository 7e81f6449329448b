// Every scheduled job, by the cron expression it runs on. wrangler.toml's [triggers] crons must list
// exactly these expressions (tests/worker/jobs/jobs.test.ts compares them), and the jobs of one expression
// share one invocation's limits (checked there too).
import { scheduledImportsJob } from '../features/imports/scheduled-imports.job';
import { naturalKeysJob } from '../features/items/natural-keys.job';
import { numberSpansJob } from '../features/items/number-spans.job';
import { sortRanksJob } from '../features/items/sort-ranks.job';
import { holdOffersJob } from '../features/lending/hold-offers.job';
import { loanRemindersJob } from '../features/lending/loan-reminders.job';
import { ownerDigestJob } from '../features/lending/owner-digest.job';
import { exportsCleanupJob } from '../features/maintenance/exports-cleanup.job';
import { mediaSweepJob } from '../features/maintenance/media-sweep.job';
import { purgeExpiredJob } from '../features/maintenance/purge-expired.job';
import type { Job } from './job';

export type Schedule = Readonly<Record<string, readonly Job[]>>;

/** D1 queries (and subrequests) one invocation may make on the free tier. */
export const INVOCATION_UNITS = 50;

export const SCHEDULE: Schedule = {
  // Daily at 03:17 UTC: a quiet hour, and off the hour when everyone else's crons fire. Exports with
  // pictures are kept a day.
  '17 3 * * *': [purgeExpiredJob, mediaSweepJob, exportsCleanupJob],
  // Hourly until every value written before natural sorting has its key (about 2,000 values an hour,
  // so even a large instance is keyed within days); once done it only reads its cursor. The scheduled
  // scheduled imports that are due start their runs (each a Workflow of its own). And the sort orders
  // large collections lack are built (after the keys, which may have made some wrong), and the spans of
  // numbers of many values.
  '47 * * * *': [naturalKeysJob, scheduledImportsJob, sortRanksJob, numberSpansJob],
  // Hourly: borrowers' reminders and overdue notices, and owners' overdue digests. Each loan is marked
  // once per notice, so a run that stops for its budget resumes at the next hour without repeating.
  // Then the digests owners chose (daily or weekly), one per owner and period. Then waiting lists:
  // offers past their deadline expire and go to the next in line.
  '23 * * * *': [loanRemindersJob, ownerDigestJob, holdOffersJob],
};
