// axe-core on every main screen, light and dark, against WCAG 2.1 A and AA: zero violations. The
// screens are listed once in tests/support/showcase.ts (the README screenshots use the same list).
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { mainScreens, openScreen, seedShowcase, type Showcase } from '../support/showcase';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let seed: Promise<Showcase> | null = null;

// The list of screens needs ids only known after seeding; their names are fixed, so tests are named
// from a placeholder seed and open the real one.
const placeholder: Showcase = { token: '', user: { id: 0, username: '', readOnly: false }, collectionId: 0, itemId: 0, propertyId: 0 };

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });
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
        expect(summary, `${screen.name} (${colorScheme})`).toEqual([]);
      });
    });
  });
}
