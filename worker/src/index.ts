// Worker entry: HTTP requests go to the Hono app; cron triggers run the jobs registered for their
// expression (worker/src/jobs/registry.ts).
import { createApp } from './app';
import type { Env } from './env';
import { runScheduledJobs } from './jobs/run-jobs';

const app = createApp();

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env, controller.cron));
  },
} satisfies ExportedHandler<Env>;
