// Browser suite: Debian's Chromium driven by Playwright against `wrangler dev` (real workerd, D1, R2).
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E } from './tests/support/e2e-settings.mjs';
import { PHONE } from './tests/support/e2e-devices';

/**
 * Debian's headless shell (`apt-get install chromium-headless-shell`) when it is there, as Playwright's own
 * downloads do: the same Blink without the full browser's window machinery, it took 40% less CPU than
 * `chromium --headless` for the same specs, and the suite 19% less time (docs/benchmarks.md, "Browser suite").
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/**
 * Specs that change what the whole instance does: its settings (name, address, first language,
 * invitations, loans), how it sends emails, which catalogues and external modules collections search, when
 * its scheduled imports are due (every one, then the cron). Another spec running beside them would see
 * those changes (a title ending in another name, an email sent through SMTP, a module's hits, a cron run
 * over its sources), and two of them would undo each other's. They run on an instance of their own, one at
 * a time; their phone specs say `test.use(PHONE)` themselves.
 */
const INSTANCE_WIDE =
  /\/(email-settings|external-modules|source-modules|server-config|invitations|link-previews|lending-switch|scheduled-imports)(-phone)?\.spec\.ts$/;

/** The instances the suite starts: fresh local state, every migration, then wrangler dev. */
const instance = (port: number, inspectorPort: number, mode = '') => ({
  command: `node tests/support/e2e-server.mjs ${port} ${inspectorPort} ${mode}`.trim(),
  url: `http://127.0.0.1:${port}/api/v1/`,
  reuseExistingServer: false,
  timeout: 300_000,
});

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  retries: 0,
  // Room for a 2-core machine busy with other work: under a load average of 30–40, passing tests ran
  // past 60 s and pages took more than 10 s to show an answer. Only a failing test waits this long.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${E2E.appPort}`,
    launchOptions: chromium,
    // Recording a trace for every test, to keep the failed ones', cost about 0.7 s a test (docs/benchmarks.md,
    // "Browser suite"): a failure keeps its screenshot and the page's outline, and `--trace
    // retain-on-failure` records traces again when one is needed.
    trace: 'off',
    screenshot: 'only-on-failure',
    // Each test's new context would install the service worker, which precaches the whole app (about 250
    // files): 40% of the browser's CPU in the suite (docs/benchmarks.md, "Browser suite"). A person's first
    // visit has none in control either. The specs about it (pwa, rendered-pages) allow it themselves.
    serviceWorkers: 'block',
  },
  // Two spec files side by side, the tests of a file in order (but accessibility.spec.ts's, which may be
  // shared): in the headless shell, the suite took 6.5 min against 8.2 on one worker (docs/benchmarks.md,
  // "Browser suite"). The instance-wide project comes first, so its files, one at a time, run beside the
  // others rather than alone at the end.
  workers: 2,
  projects: [
    {
      name: 'instance-wide',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, baseURL: `http://127.0.0.1:${E2E.instanceWidePort}` },
      testMatch: INSTANCE_WIDE,
      workers: 1,
    },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium }, testIgnore: [/phone\.spec\.ts$/, INSTANCE_WIDE] },
    { name: 'phone', use: { ...PHONE, launchOptions: chromium }, testMatch: /phone\.spec\.ts$/, testIgnore: INSTANCE_WIDE },
  ],
  // Each instance applies every migration then starts wrangler dev: the pair took 360 s under a load
  // average of 28–35, and 90 s was once too short for the first of them.
  webServer: [
    instance(E2E.appPort, E2E.appInspectorPort),
    instance(E2E.demoPort, E2E.demoInspectorPort, 'demo'),
    instance(E2E.instanceWidePort, E2E.instanceWideInspectorPort),
  ],
});
