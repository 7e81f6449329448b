// Pictures of the main screens for the README: desktop and phone, light and dark, as JPEG (small
// enough to commit). `npm run screenshots` writes them to docs/screenshots/; the browser suite runs
// the same capture into a temporary folder so it cannot rot.
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Browser } from '@playwright/test';
import { mainScreens, openScreen, seedShowcase } from './showcase';

/** The screens shown in the README (names from mainScreens). */
export const PICTURED = ['home', 'collection-mosaic', 'item', 'lending', 'borrow-request'] as const;

export const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
} as const;

export const THEMES = ['light', 'dark'] as const;

export function screenshotName(screen: string, device: keyof typeof DEVICES, theme: (typeof THEMES)[number]) {
  return `${screen}-${device}-${theme}.jpg`;
}

/** Captures every pictured screen on each device in each theme; returns the files and their sizes. */
export async function captureScreenshots(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  outDir: string,
): Promise<{ file: string; bytes: number }[]> {
  await mkdir(outDir, { recursive: true });
  const seed = await seedShowcase(request);
  const screens = mainScreens(seed).filter((screen) => (PICTURED as readonly string[]).includes(screen.name));
  const written: { file: string; bytes: number }[] = [];
  for (const [device, settings] of Object.entries(DEVICES) as [keyof typeof DEVICES, (typeof DEVICES)[keyof typeof DEVICES]][]) {
    for (const colorScheme of THEMES) {
      // No service worker: each picture shows the page as the network serves it.
      const context = await browser.newContext({ ...settings, colorScheme, baseURL, serviceWorkers: 'block' });
      for (const screen of screens) {
        const page = await context.newPage();
        await openScreen(page, seed, screen);
        // No blinking caret or focus ring in a picture.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        const file = join(outDir, screenshotName(screen.name, device, colorScheme));
        await page.screenshot({ path: file, type: 'jpeg', quality: 70, animations: 'disabled', caret: 'hide' });
        written.push({ file, bytes: (await stat(file)).size });
        await page.close();
      }
      await context.close();
    }
  }
  return written;
}
