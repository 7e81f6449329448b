// Starts the browser suite's instances: for each worker's lane (tests/support/e2e-settings.mjs) an app
// and a demo-mode app, each with fresh local state, all at once. Prints "e2e instances ready" once
// every one of them answers, which is what playwright.config.ts waits for.
// Usage: node tests/support/e2e-server.mjs
//
// Applying the 40-odd migrations starts wrangler and takes 10–90 s on a loaded 2-core machine, the same
// for every instance and every run, so it is done once into a folder named by the migrations' contents
// and wrangler's version; each instance starts from a copy of it. A changed migration gets a new folder.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { applyMigrations, startWorker, stopWorker } from '../../scripts/local-runtime.mjs';
import { E2E, E2E_WORKERS, lanePorts } from './e2e-settings.mjs';

function migratedState() {
  const hash = createHash('sha256');
  hash.update(JSON.parse(readFileSync('node_modules/wrangler/package.json', 'utf8')).version);
  const files = readdirSync('migrations', { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  for (const file of files.map((entry) => join(entry.parentPath, entry.name)).sort()) {
    hash.update(file);
    hash.update(readFileSync(file));
  }
  const folder = `.wrangler/e2e-migrated/${hash.digest('hex').slice(0, 16)}`;
  if (!existsSync(folder)) {
    const scratch = `${folder}.${process.pid}`;
    rmSync(scratch, { recursive: true, force: true });
    applyMigrations(scratch);
    renameSync(scratch, folder);
  }
  return folder;
}

function vars(port, demo) {
  return {
    ADMIN_PASSWORD: E2E.adminPassword,
    APP_SECRET: 'e2e-secret-0123456789-0123456789-0123456789',
    APP_URL: `http://127.0.0.1:${port}`,
    RESEND_API_KEY: 're_e2e_key',
    RESEND_BASE_URL: `http://127.0.0.1:${E2E.resendPort}`,
    EMAIL_FROM: 'Vitrine <vitrine@e2e.test>',
    DEMO_MODE: demo ? 'true' : 'false',
    FETCH_ALLOW_HOSTS: `127.0.0.1:${E2E.sourcesPort},127.0.0.1:${E2E.smtpPort},127.0.0.1:${E2E.smtpSilentPort}`,
    SMTP_TIMEOUT_MS: '3000',
    BGG_BASE_URL: `http://127.0.0.1:${E2E.sourcesPort}/bgg`,
    BGG_TOKEN: 'bgg-e2e-token',
    GOODREADS_BASE_URL: `http://127.0.0.1:${E2E.sourcesPort}/goodreads`,
    METADATA_BASE_URL: `http://127.0.0.1:${E2E.sourcesPort}/meta`,
    TMDB_API_KEY: 'tmdb-e2e-key',
    SOURCE_RETRY_SECONDS: '1',
  };
}

async function answers(port) {
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/`).catch(() => null);
    if (res?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const template = migratedState();
const instances = Array.from({ length: E2E_WORKERS }, (_, lane) => lanePorts(lane)).flatMap((ports) => [
  { port: ports.appPort, inspectorPort: ports.appInspectorPort, demo: false },
  { port: ports.demoPort, inspectorPort: ports.demoInspectorPort, demo: true },
]);
const children = instances.map(({ port, inspectorPort, demo }) => {
  const persistTo = `.wrangler/e2e-${port}`;
  rmSync(persistTo, { recursive: true, force: true });
  cpSync(template, persistTo, { recursive: true });
  return startWorker({
    port,
    inspectorPort,
    persistTo,
    vars: vars(port, demo),
    // Lets a test fire a cron (GET /__scheduled?cron=…), as Cloudflare's scheduler would.
    extraArgs: ['--test-scheduled'],
    // In this process's group, which Playwright ends as a whole after the run.
    exitWithWorker: false,
  });
});

// When one instance ends or this process is told to stop, every instance stops with it.
const stopAll = (code) => {
  for (const child of children) stopWorker(child);
  process.exit(code);
};
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));

await Promise.all(instances.map(({ port }) => answers(port)));
console.log(`e2e instances ready: ${instances.map(({ port }) => port).join(', ')}`);
