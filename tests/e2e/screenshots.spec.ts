// The README's screenshots are made by the same capture as `npm run screenshots`; here into a
// temporary folder (the suite never writes into the repository), to prove the capture still works.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/test';
import {
  DEVICES,
  PICTURED,
  THEMES,
  VISITOR_PICTURED,
  captureScreenshots,
  screenshotName,
  visitorScreenshotName,
} from '../support/screenshots';

test('the README screenshots are captured for every screen, device and theme', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const outDir = await mkdtemp(join(tmpdir(), 'vitrine-screenshots-'));
  try {
    const written = await captureScreenshots(browser, request, baseURL ?? '', outDir);
    const devices = Object.keys(DEVICES) as (keyof typeof DEVICES)[];
    const expected = [
      ...PICTURED.flatMap((screen) =>
        devices.flatMap((device) => THEMES.map((theme) => join(outDir, screenshotName(screen, device, theme)))),
      ),
      ...VISITOR_PICTURED.flatMap((screen) => devices.map((device) => join(outDir, visitorScreenshotName(screen, device)))),
    ];
    expect(written.map(({ file }) => file).sort()).toEqual(expected.sort());
    for (const { file, bytes } of written) {
      // A real picture, and small enough to commit (the whole set stays at a few hundred KB).
      expect(bytes, file).toBeGreaterThan(5_000);
      // Generated covers are drawn with gradients: a mosaic of them weighs a few KB more than flat colours.
      expect(bytes, file).toBeLessThan(90_000);
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
});
