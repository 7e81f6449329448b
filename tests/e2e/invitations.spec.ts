// Invitations by email: the owner, on a desktop, shares a collection with an address that has no account;
// the invited person opens the emailed link on a phone in French, creates their account and lands in it.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  ADMIN,
  apiToken,
  bearer,
  capturedEmails,
  createCollectionViaApi,
  createOwnerViaApi,
  expectNoHorizontalOverflow,
  signInViaApi,
  useLanguage,
} from '../support/e2e-helpers';

const WIDTH = 390;

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('an invited person creates their account from the email on a phone in French', async ({ page, request, browser }) => {
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const allow = (invitationsEnabled: boolean) =>
    request.patch('/api/v1/config/settings', { headers: bearer(admin), data: { invitationsEnabled } });
  expect((await allow(true)).status()).toBe(200);
  try {
    const owner = await createOwnerViaApi(request);
    const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Club library', visibility: 2 });
    const address = `invitee-${Date.now().toString(36)}@example.test`;

    await useLanguage(page, 'en_US');
    await signInViaApi(page, owner.username, owner.password);
    await page.goto(`/collection/${shelf.id}`);
    await page.getByRole('link', { name: 'Manage' }).click();
    const sharing = page.getByRole('region', { name: 'Sharing' });
    await sharing.getByLabel('Username or email').fill(address);
    await sharing.getByLabel('Role', { exact: true }).selectOption('editor');
    await sharing.getByRole('button', { name: 'Share' }).click();
    await expect(sharing.getByRole('status')).toContainText(`an invitation was sent to ${address}`);
    await expect(sharing.getByRole('button', { name: `Withdraw the invitation to ${address}` })).toBeVisible();
    await expectNoAxeViolations(page);

    let emails: Awaited<ReturnType<typeof capturedEmails>> = [];
    await expect.poll(async () => (emails = await capturedEmails(address)).length).toBe(1);
    expect(emails[0]!.subject).toContain('shares "Club library" with you');
    const link = /http:\/\/127\.0\.0\.1:\d+\/invitation\/[\w-]+/.exec(emails[0]!.text)![0];

    const context = await browser.newContext({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await context.newPage();
    await useLanguage(phone, 'fr_FR');
    await phone.goto(link);
    await expect(phone.getByRole('heading', { name: 'Rejoindre « Club library »' })).toBeVisible();
    await expect(phone.getByText('avec le rôle éditeur')).toBeVisible();
    await expectNoHorizontalOverflow(phone, WIDTH);
    await expectNoAxeViolations(phone);
    const username = `invited${Date.now().toString(36)}`;
    await phone.getByLabel('Nom d’utilisateur').fill(username);
    await phone.getByLabel('Mot de passe', { exact: true }).fill('a-long-enough-password');
    await phone.getByLabel('Confirmez le mot de passe').fill('a-long-enough-password');
    await phone.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(phone).toHaveURL(new RegExp(`/collection/${shelf.id}$`));
    await expect(phone.getByRole('heading', { name: 'Club library', level: 1 })).toBeVisible();
    // An editor: the collection offers adding an item.
    await expect(phone.getByRole('link', { name: 'Nouvel objet' })).toBeVisible();

    // The link was spent: opened again, it says so.
    await phone.goto(link);
    await expect(phone.getByRole('heading', { name: 'Cette invitation ne fonctionne plus' })).toBeVisible();
    await context.close();
  } finally {
    await allow(false);
  }
});
