// External modules on a phone, in French: the administrator registers a module served by the fake on
// 127.0.0.1, upgrades all after it changed, reads what changed, and removes it; nothing overflows 390px.
import { expect, test } from '../support/test';
import type { ExternalModule } from '../../shared/schemas/sources';
import { jsonAnswer, setAnswers } from '../support/fake-sources';
import { E2E } from '../support/e2e-settings.mjs';
import { ADMIN, apiToken, bearer, expectNoHorizontalOverflow, signInViaApi, useLanguage } from '../support/e2e-helpers';
import { PHONE } from '../support/e2e-devices';

// On the instance-wide project (playwright.config.ts), with desktop specs: the phone is asked for here.
test.use(PHONE);

const FAKE = `http://127.0.0.1:${E2E.sourcesPort}`;

test("l'administrateur ajoute, met à jour et retire un module externe depuis un téléphone", async ({ page, request }) => {
  const stamp = Date.now();
  const name = `Étagère ${stamp}`;
  const path = `/ext-e2e-phone/${stamp}/a-rather-long-path-to-see-it-wrap`;
  const manifest = { protocol: 1, name, version: '1.0.0', types: ['any'], barcodes: false };
  await setAnswers(FAKE, `${path}/manifest`, [jsonAnswer(manifest)]);
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  try {
    await useLanguage(page, 'fr_FR');
    await signInViaApi(page, ADMIN.username, ADMIN.password);
    await page.goto('/config/modules');
    await expect(page.getByRole('heading', { name: 'Modules externes' })).toBeVisible();
    await page.getByLabel('Adresse du module').fill(`${FAKE}${path}`);
    await page.getByRole('button', { name: 'Ajouter le module' }).click();
    await expect(page.getByText(`${name} 1.0.0 est ajouté.`)).toBeVisible();
    const card = page.getByRole('listitem', { name });
    await expect(card).toContainText('Prêt');
    await expect(card).toContainText('Pour toutes les collections. Cherche par mots seulement.');
    await expectNoHorizontalOverflow(page, 390);

    await setAnswers(FAKE, `${path}/manifest`, [jsonAnswer({ ...manifest, version: '2.0.0', barcodes: true })]);
    await page.getByRole('button', { name: 'Tout mettre à jour' }).click();
    const found = page.getByRole('status').filter({ hasText: 'Ce que la mise à jour a trouvé' });
    await expect(found).toContainText(`${name} : version 1.0.0 → 2.0.0.`);
    await expect(found).toContainText(`${name} : cherche désormais les ISBN et codes-barres.`);
    await expect(card).toContainText('Version 2.0.0');
    await expectNoHorizontalOverflow(page, 390);

    await card.getByRole('button', { name: 'Retirer' }).click();
    await card.getByRole('button', { name: `Vraiment retirer ${name}` }).click();
    await expect(page.getByText(`${name} est retiré.`, { exact: false })).toBeVisible();
  } finally {
    const listed = (await (await request.get('/api/v1/config/modules', { headers: bearer(token) })).json()) as {
      external: ExternalModule[];
    };
    for (const module of listed.external.filter((m) => m.name === name)) {
      await request.delete(`/api/v1/config/modules/external/${module.number}`, { headers: bearer(token) });
    }
  }
});
