// Worker entry: HTTP requests go to the Hono app; the daily cron purges expired rows and sweeps files
// that nothing uses.
import { createApp } from './app';
import type { Env } from './env';
import { purgeExpired } from './features/maintenance/maintenance.job';
import { sweepUnusedMedia } from './features/maintenance/media-sweep.job';

const app = createApp();

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(purgeExpired(env).then(({ rowsWritten }) => console.log('purged expired rows', rowsWritten)));
    ctx.waitUntil(sweepUnusedMedia(env).then(({ checked, removed }) => console.log('media sweep', checked, 'checked', removed, 'removed')));
  },
} satisfies ExportedHandler<Env>;
