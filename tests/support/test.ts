// The browser suite's `test`: Playwright's, with one addition. Pages the Worker renders show their
// content before the app takes them over (hydration), and a click in between does nothing, as it does
// for a person. Tests act at once, so every page load (goto, reload) also waits until the app says the
// page is its own (html[data-app="ready"], web/src/app/app.tsx). A page whose scripts do not run (a
// context without JavaScript) never says "starting", and is not waited for.
import { test as base } from '@playwright/test';
import type { Page } from '@playwright/test';

export { expect } from '@playwright/test';

async function appTakesOver(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.app !== 'starting', undefined, { timeout: 15_000 });
}

function waitAfterLoads(prototype: Page): void {
  const { goto, reload } = prototype;
  prototype.goto = async function (this: Page, ...args: Parameters<Page['goto']>) {
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
