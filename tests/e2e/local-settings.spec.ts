// `npm start` and `npm run dev` take the Worker's settings from the environment over .dev.vars. This runs
// the same path (localSettings → settings file → wrangler dev) on a spare port, with a password that
// needs quoting and a dollar sign wrangler would otherwise expand.
import { expect, test } from '../support/test';
import { rmSync } from 'node:fs';
import { applyMigrations, localSettings, startWorker, stopWorker } from '../../scripts/local-runtime.mjs';
import { E2E } from '../support/e2e-settings.mjs';

const port = E2E.appPort + 7;
const base = `http://127.0.0.1:${port}`;

test('settings given in the environment win over .dev.vars and reach the Worker unchanged', async ({ request }) => {
  test.setTimeout(120_000);
  const password = `it's "$HOME" #1`;
  const settings = localSettings(
    { ADMIN_PASSWORD: 'from-the-file', APP_SECRET: 'local-settings-secret-0123456789-0123456789', DEMO_MODE: 'false' },
    { DEMO_MODE: 'true', ADMIN_PASSWORD: password, PATH: '/usr/bin' },
  );
  expect(settings).toMatchObject({ DEMO_MODE: 'true', ADMIN_PASSWORD: password });
  expect(settings).not.toHaveProperty('PATH');

  const persistTo = `.wrangler/e2e-${port}`;
  rmSync(persistTo, { recursive: true, force: true });
  applyMigrations(persistTo);
  const worker = startWorker({
    port,
    inspectorPort: E2E.appPort + 547,
    persistTo,
    settings,
    stdio: 'ignore',
    detached: true,
    exitWithWorker: false,
  });
  try {
    await expect.poll(async () => (await request.get(`${base}/api/v1/`).catch(() => null))?.status() ?? 0, { timeout: 60_000 }).toBe(200);
    expect(await (await request.get(`${base}/api/v1/`)).json()).toMatchObject({ demo: true });
    const signIn = await request.post(`${base}/api/v1/token`, { data: { login: 'admin', password } });
    expect(signIn.status()).toBe(200);
  } finally {
    stopWorker(worker);
  }
});
