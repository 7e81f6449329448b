// Pictures of the main screens for the README: desktop and phone, light and dark, as JPEG (small
// enough to commit), and the pages a visitor opens from a link, in French. `npm run screenshots` writes them to docs/screenshots/; the browser suite runs
// the same capture into a temporary folder so it cannot rot.
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { type MainScreen, type OpenOptions, type Showcase, mainScreens, openScreen, seedShowcase } from './showcase';

/** The screens shown in the README (names from mainScreens). */
export const PICTURED = ['home', 'collection-mosaic', 'item', 'lending', 'borrow-request'] as const;

export const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
} as const;

export const THEMES = ['light', 'dark'] as const;

/** The pages a friend opens from a shared link or a QR label, pictured signed out and in French. */
export const VISITOR_PICTURED = ['collection-mosaic', 'item', 'borrow-request'] as const;

export function visitorScreenshotName(screen: string, device: keyof typeof DEVICES) {
  return `visitor-fr-${screen}-${device}.jpg`;
}

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
  const screens = mainScreens(seed);
  const pictured = screens.filter((screen) => (PICTURED as readonly string[]).includes(screen.name));
  const visited = screens.filter((screen) => (VISITOR_PICTURED as readonly string[]).includes(screen.name));
  const written: { file: string; bytes: number }[] = [];
  for (const [device, settings] of Object.entries(DEVICES) as [keyof typeof DEVICES, (typeof DEVICES)[keyof typeof DEVICES]][]) {
    for (const colorScheme of THEMES) {
      // No service worker: each picture shows the page as the network serves it.
      const context = await browser.newContext({ ...settings, colorScheme, baseURL, serviceWorkers: 'block' });
      for (const screen of pictured) {
        const file = join(outDir, screenshotName(screen.name, device, colorScheme));
        written.push(await capture(await context.newPage(), seed, screen, file));
      }
      // Each page opened directly by its address, as the first page of a fresh visit.
      if (colorScheme === 'light') {
        for (const screen of visited) {
          const file = join(outDir, visitorScreenshotName(screen.name, device));
          written.push(await capture(await context.newPage(), seed, screen, file, { locale: 'fr_FR', asVisitor: true }));
        }
      }
      await context.close();
    }
  }
  return written;
}

async function capture(page: Page, seed: Showcase, screen: MainScreen, file: string, options?: OpenOptions) {
  await openScreen(page, seed, screen, options);
  // No blinking caret or focus ring in a picture.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: file, type: 'jpeg', quality: 70, animations: 'disabled', caret: 'hide' });
  await page.close();
  return { file, bytes: (await stat(file)).size };
}
