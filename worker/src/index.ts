// Worker entry: HTTP requests go to the Hono app; the daily cron purges expired rows.
import { createApp } from './app';
import type { Env } from './env';
import { purgeExpired } from './features/maintenance/maintenance.job';

const app = createApp();

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(purgeExpired(env).then(({ rowsWritten }) => console.log('purged expired rows', rowsWritten)));
  },
} satisfies ExportedHandler<Env>;
