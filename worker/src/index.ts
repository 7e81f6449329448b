// Worker entry: HTTP requests go to the Hono app; cron triggers run the jobs registered for their
// expression (worker/src/jobs/registry.ts).
import { createApp } from './app';
import type { Env } from './env';
import { type D1Metrics, meteredD1 } from './lib/d1-metrics';
import { runScheduledJobs } from './jobs/run-jobs';

const app = createApp();

/**
 * Measurement mode (`npm run bench`, EXPOSE_D1_METRICS=true): a cron run counts its D1 statements and
 * rows like a metered request does, and logs them as one JSON line, since no response carries them.
 */
async function measuredRun(env: Env, cron: string) {
  const metrics: D1Metrics = { queries: 0, rowsRead: 0, rowsWritten: 0 };
  const jobs = await runScheduledJobs({ ...env, DB: meteredD1(env.DB, metrics) }, cron);
  console.log(JSON.stringify({ message: 'scheduled run measured', cron, d1: metrics, jobs }));
}

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(env.EXPOSE_D1_METRICS === 'true' ? measuredRun(env, controller.cron) : runScheduledJobs(env, controller.cron));
  },
} satisfies ExportedHandler<Env>;

export { ImportWorkflow } from './features/imports/imports.workflow';
export { BackupWorkflow } from './features/backups/backups.workflow';
export { ExportWorkflow } from './features/exports/exports.workflow';
export { AccountRestoreWorkflow } from './features/account-archives/account-restore.workflow';
export { SourceQueueWorkflow } from './features/sources/source-queue.workflow';
