// Browser suite: Debian's Chromium driven by Playwright against `wrangler dev` (real workerd, D1, R2).
import { defineConfig, devices } from '@playwright/test';
import { E2E } from './tests/support/e2e-settings.mjs';

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
  workers: 1,
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
  // Each instance applies every migration then starts wrangler dev: the pair took 360 s under a load
  // average of 28–35, and 90 s was once too short for the first of them.
  webServer: [
    {
      command: `node tests/support/e2e-server.mjs ${E2E.appPort} ${E2E.appInspectorPort}`,
      url: `http://127.0.0.1:${E2E.appPort}/api/v1/`,
      reuseExistingServer: false,
      timeout: 300_000,
    },
    {
      command: `node tests/support/e2e-server.mjs ${E2E.demoPort} ${E2E.demoInspectorPort} demo`,
      url: `http://127.0.0.1:${E2E.demoPort}/api/v1/`,
      reuseExistingServer: false,
      timeout: 300_000,
    },
  ],
});
