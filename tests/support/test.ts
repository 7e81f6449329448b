// The browser suite's `test`: Playwright's, with one addition. Pages the Worker renders show their
// content before the app takes them over (hydration), and a click in between does nothing, as it does
// for a person. Tests act at once, so every page load (goto, reload) also waits until the app says the
// page is its own (html[data-app="ready"], web/src/app/app.tsx; "starting" is said by web/src/boot.ts). A
// page whose scripts do not run (a context without JavaScript) never says "starting", and is not waited for.
// Each browser context, and each test's API client, is also its own visitor address (the
// cf-connecting-ip Cloudflare sets): per-address allowances such as borrow requests then count one
// visitor, as they do for people, instead of the whole suite.
import { test as base } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';

export { expect } from '@playwright/test';

async function appTakesOver(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.app !== 'starting', undefined, { timeout: 30_000 });
}

/** A random address of 198.18.0.0/15, the range kept for benchmark tests (RFC 2544). */
const visitorAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

const addressed = new WeakSet<BrowserContext>();

/** Gives the page's context its own address before its first load (contexts tests open themselves too). */
async function ownAddress(page: Page): Promise<void> {
  const context = page.context();
  if (addressed.has(context)) return;
  addressed.add(context);
  await context.setExtraHTTPHeaders({ 'cf-connecting-ip': visitorAddress() });
}

function waitAfterLoads(prototype: Page): void {
  const { goto, reload } = prototype;
  prototype.goto = async function (this: Page, ...args: Parameters<Page['goto']>) {
    await ownAddress(this);
    const response = await goto.apply(this, args);
    await appTakesOver(this);
    return response;
  };
  prototype.reload = async function (this: Page, ...args: Parameters<Page['reload']>) {
    const response = await reload.apply(this, args);
    await appTakesOver(this);
    return response;
  };
}

let patched = false;

export const test = base.extend<object, { appTakesOver: void }>({
  // The `request` fixture's address (pages get theirs on their first load).
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'cf-connecting-ip': visitorAddress() });
  },
  appTakesOver: [
    async ({ browser }, use) => {
      if (!patched) {
        // Every page of every context shares this prototype, also those tests open themselves.
        const page = await browser.newPage();
        waitAfterLoads(Object.getPrototypeOf(page) as Page);
        await page.close();
        patched = true;
      }
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});
