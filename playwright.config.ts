// Browser suite: Debian's Chromium driven by Playwright against `wrangler dev` (real workerd, D1, R2).
import { defineConfig, devices } from '@playwright/test';
import { E2E, E2E_WORKERS } from './tests/support/e2e-settings.mjs';

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // One pair of instances per worker (tests/support/e2e-settings.mjs): E2E_WORKERS=2 for two.
  workers: E2E_WORKERS,
  retries: 0,
  // Room for a 2-core machine busy with other work: under a load average of 30–40, passing tests ran
  // past 60 s and pages took more than 10 s to show an answer. Only a failing test waits this long.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${E2E.appPort}`,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium }, testIgnore: /phone\.spec\.ts/ },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, launchOptions: chromium },
      testMatch: /phone\.spec\.ts/,
    },
  ],
  // Every lane's app and demo instance, started at once (tests/support/e2e-server.mjs). The config is
  // read again in each worker, where E2E.appPort is that worker's own app: `baseURL` follows it.
  webServer: {
    command: 'node tests/support/e2e-server.mjs',
    wait: { stdout: /e2e instances ready/ },
    reuseExistingServer: false,
    // Migrating the first time and starting wrangler dev several times on a loaded 2-core machine.
    timeout: 360_000,
  },
});
