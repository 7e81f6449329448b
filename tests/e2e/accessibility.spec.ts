// axe-core on every main screen, light and dark, on a desktop and on a phone, against WCAG 2.1 A and AA: zero violations. The
// screens are listed once in tests/support/showcase.ts (the README screenshots use the same list).
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/test';
import { seedItemPageShelf } from '../support/item-page-seed';
import { mainScreens, openScreen, seedShowcase, type Showcase } from '../support/showcase';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

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

// Desktop in both themes, and a 390×844 phone (where the layout changes: the bottom sheets, the
// compact header) in both themes too.
const VARIANTS = [
  { name: 'light theme', colorScheme: 'light', phone: false },
  { name: 'dark theme', colorScheme: 'dark', phone: false },
  { name: 'phone, light theme', colorScheme: 'light', phone: true },
  { name: 'phone, dark theme', colorScheme: 'dark', phone: true },
] as const;

for (const { name, colorScheme, phone } of VARIANTS) {
  test.describe(name, () => {
    test.use(phone ? { colorScheme, viewport: { width: 390, height: 844 }, hasTouch: true } : { colorScheme });
    mainScreens(placeholder).forEach((entry, index) => {
      test(`${entry.name} has no WCAG 2.1 AA violations`, async ({ page, request }) => {
        seed ??= seedShowcase(request);
        const real = await seed;
        const screen = mainScreens(real)[index]!;
        await openScreen(page, real, screen);
        const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
        const summary = results.violations.map((violation) => ({
          rule: violation.id,
          impact: violation.impact,
          help: violation.help,
          nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
        }));
        expect(summary, `${screen.name} (${name})`).toEqual([]);
      });
    });

    // The item page's picture viewer: a modal dialog over the page, checked open.
    test('item page with its picture viewer open has no WCAG 2.1 AA violations', async ({ page, request }) => {
      const { shelf, items } = await seedItemPageShelf(request);
      await page.addInitScript(() => window.localStorage.setItem('vitrine_lang', 'en_US'));
      await page.goto(`/collection/${shelf.id}/item/${items[0]!.id}`);
      await page.getByRole('button', { name: 'Back cover: full screen' }).click();
      await expect(page.getByRole('dialog', { name: /Back cover/ })).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
      expect(
        results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    });
  });
}
