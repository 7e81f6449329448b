// `npm run screenshots`: the browser suite's servers, seeding and Chromium, running only the capture
// of the README's pictures (tests/screenshots/), which writes docs/screenshots/.
import { defineConfig } from '@playwright/test';
import suite from './playwright.config';

export default defineConfig({
  ...suite,
  testDir: 'tests/screenshots',
  projects: [{ name: 'screenshots', use: suite.projects?.find((project) => project.name === 'desktop')?.use }],
});
