// Starts one Vitrine instance for the browser suite: fresh local state, migrations, then wrangler dev.
// Usage: node tests/support/e2e-server.mjs <port> <inspector-port> [demo]
import { rmSync } from 'node:fs';
import { applyMigrations, startWorker } from '../../scripts/local-runtime.mjs';
import { E2E } from './e2e-settings.mjs';

const [port, inspectorPort, mode] = process.argv.slice(2);
const persistTo = `.wrangler/e2e-${port}`;
rmSync(persistTo, { recursive: true, force: true });
applyMigrations(persistTo);
startWorker({
  port: Number(port),
  inspectorPort: Number(inspectorPort),
  persistTo,
  vars: {
    ADMIN_PASSWORD: E2E.adminPassword,
    APP_SECRET: 'e2e-secret-0123456789-0123456789-0123456789',
    APP_URL: `http://127.0.0.1:${port}`,
    RESEND_API_KEY: 're_e2e_key',
    RESEND_BASE_URL: `http://127.0.0.1:${E2E.resendPort}`,
    EMAIL_FROM: 'Vitrine <vitrine@e2e.test>',
    DEMO_MODE: mode === 'demo' ? 'true' : 'false',
    FETCH_ALLOW_HOSTS: `127.0.0.1:${E2E.sourcesPort},127.0.0.1:${E2E.smtpPort},127.0.0.1:${E2E.smtpSilentPort}`,
    SMTP_TIMEOUT_MS: '3000',
    BGG_BASE_URL: `http://127.0.0.1:${E2E.sourcesPort}/bgg`,
    BGG_TOKEN: 'bgg-e2e-token',
    GOODREADS_BASE_URL: `http://127.0.0.1:${E2E.sourcesPort}/goodreads`,
    METADATA_BASE_URL: `http://127.0.0.1:${E2E.sourcesPort}/meta`,
    TMDB_API_KEY: 'tmdb-e2e-key',
    SOURCE_RETRY_SECONDS: '1',
  },
  // Lets a test fire a cron (GET /__scheduled?cron=…), as Cloudflare's scheduler would.
  extraArgs: ['--test-scheduled'],
});
