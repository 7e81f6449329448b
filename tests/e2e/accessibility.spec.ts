// axe-core on every main screen, light and dark, on a desktop and on a phone, against WCAG 2.1 A and AA: zero violations. The
// screens are listed once in tests/support/showcase.ts (the README screenshots use the same list).
//
// Each screen is opened once per viewport and checked in both themes: the light theme first, then the
// page is switched to the dark one (`emulateMedia`, what a system switching theme does) and checked again
// with the same rules, all of them, not only the colour ones. A violation names the screen, the viewport
// and the theme. The screens of a viewport are opened one after the other in one browser tab, as a person
// goes from screen to screen: the app's files are then fetched once, not for every screen.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test as base } from '../support/test';
import { seedItemPageShelf } from '../support/item-page-seed';
import { mainScreens, openScreen, seedShowcase, type Showcase } from '../support/showcase';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One tab per viewport and worker, opened by the first screen that needs it. */
const test = base.extend<{ screenTab: Page }>({
  // Made inside the test, so the context takes the describe's options (viewport, touch, addresses).
  screenTab: async ({ browser, viewport }, use) => {
    const key = JSON.stringify(viewport);
    let tab = screenTabs.get(key);
    if (!tab) {
      tab = await (await browser.newContext()).newPage();
      screenTabs.set(key, tab);
    }
    await use(tab);
  },
});
const screenTabs = new Map<string, Page>();

// Closed when the worker has no screen left to check here, before it goes on to other files.
test.afterAll(async () => {
  for (const tab of screenTabs.values()) await tab.context().close();
  screenTabs.clear();
});

// Screens are independent: they may be shared between workers (each seeds its own showcase).
test.describe.configure({ mode: 'parallel' });

let seed: Promise<Showcase> | null = null;

// The list of screens needs ids only known after seeding; their names are fixed, so tests are named
// from a placeholder seed and open the real one.
const placeholder: Showcase = {
  token: '',
  user: { id: 0, username: '', readOnly: false },
  collectionId: 0,
  itemId: 0,
  propertyId: 0,
  borrowerId: 0,
  loanId: 0,
  requestId: 0,
  requestItemId: 0,
};

// A desktop, and a 390×844 phone (where the layout changes: the bottom sheets, the compact header).
const VIEWPORTS = [
  { name: 'desktop', phone: false },
  { name: 'phone', phone: true },
] as const;

const THEMES = ['light', 'dark'] as const;

/** The violations of the page as it is now, each with a few of its elements. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
  }));
}

/** Checks the open page in each theme, light first; every theme is checked even when one fails. */
async function expectNoViolationsInEitherTheme(page: Page, what: string) {
  for (const colorScheme of THEMES) {
    await page.emulateMedia({ colorScheme });
    expect(await page.evaluate(() => window.matchMedia('(prefers-color-scheme: dark)').matches)).toBe(colorScheme === 'dark');
    expect.soft(await violations(page), `${what}, ${colorScheme} theme`).toEqual([]);
  }
}

for (const { name: viewport, phone } of VIEWPORTS) {
  test.describe(viewport, () => {
    test.use(phone ? { colorScheme: 'light', viewport: { width: 390, height: 844 }, hasTouch: true } : { colorScheme: 'light' });
    mainScreens(placeholder).forEach((entry, index) => {
      test(`${entry.name} has no WCAG 2.1 AA violations, light and dark`, async ({ screenTab: page, request }) => {
        seed ??= seedShowcase(request);
        const real = await seed;
        const screen = mainScreens(real)[index]!;
        await page.emulateMedia({ colorScheme: 'light' });
        await openScreen(page, real, screen);
        await expectNoViolationsInEitherTheme(page, `${screen.name} (${viewport})`);
      });
    });

    // The item page's picture viewer: a modal dialog over the page, checked open.
    test('item page with its picture viewer open has no WCAG 2.1 AA violations, light and dark', async ({ page, request }) => {
      const { shelf, items } = await seedItemPageShelf(request);
      await page.addInitScript(() => window.localStorage.setItem('vitrine_lang', 'en_US'));
      await page.goto(`/collection/${shelf.id}/item/${items[0]!.id}`);
      await page.getByRole('button', { name: 'Back cover: full screen' }).click();
      await expect(page.getByRole('dialog', { name: /Back cover/ })).toBeVisible();
      await expectNoViolationsInEitherTheme(page, `picture viewer (${viewport})`);
    });
  });
}
