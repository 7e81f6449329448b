// `npm run screenshots`: refreshes the README's pictures in docs/screenshots/.
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { captureScreenshots } from '../support/screenshots';

test('capture the README screenshots', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
  const written = await captureScreenshots(browser, request, baseURL ?? '', outDir);
  const total = written.reduce((sum, { bytes }) => sum + bytes, 0);
  console.log(`${written.length} screenshots, ${Math.round(total / 1024)} KB in docs/screenshots/`);
  expect(written.length).toBeGreaterThan(0);
});
