// Configuration → Sauvegardes in a real browser, in French: the administrator makes a backup of the
// instance, waits for it, downloads one zip holding the manifest, the tables and the stored files; a
// restore into this instance (which has collections) is refused with the reason, and nothing changes.
import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import { unzipSync } from 'fflate';
import { ADMIN, apiToken, createCollectionViaApi, signInViaApi, useLanguage } from '../support/e2e-helpers';

test('the administrator backs the instance up and downloads it; a restore into a used instance is refused', async ({ page, request }) => {
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  await createCollectionViaApi(request, token, { name: 'Étagère sauvegardée', type: 'books' });
  await useLanguage(page, 'fr_FR');
  await signInViaApi(page, ADMIN.username, ADMIN.password);
  await page.goto('/config/backups');
  await expect(page.getByRole('link', { name: 'Sauvegardes' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Faire une sauvegarde' }).click();
  const history = page.locator('section', { has: page.getByRole('heading', { name: 'Sauvegardes et restaurations' }) });
  const newest = history.getByRole('listitem').first();
  await expect(newest.getByText('Terminée')).toBeVisible({ timeout: 30_000 });
  await expect(newest).toContainText(/lignes et \d+ fichiers/);

  const [download] = await Promise.all([page.waitForEvent('download'), newest.getByRole('button', { name: 'Télécharger' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^vitrine-backup-\d{4}-\d{2}-\d{2}-\d+\.zip$/);
  const bytes = readFileSync(await download.path());
  const entries = unzipSync(new Uint8Array(bytes));
  const manifest = JSON.parse(new TextDecoder().decode(entries['vitrine-backup.json'])) as { format: string; rows: number };
  expect(manifest.format).toBe('vitrine-backup');
  const collections = Object.keys(entries).filter((name) => name.startsWith('tables/collections/'));
  const names = collections.flatMap((name) => (JSON.parse(new TextDecoder().decode(entries[name])) as { rows: unknown[][] }).rows.flat());
  expect(names).toContain('Étagère sauvegardée');

  // Restoring needs an empty instance: this one is refused, in words, and keeps the chosen file.
  await page.getByLabel('Fichier de sauvegarde').setInputFiles({ name: 'sauvegarde.zip', mimeType: 'application/zip', buffer: bytes });
  const restore = page.getByRole('button', { name: 'Restaurer cette sauvegarde' });
  await expect(restore).toBeDisabled();
  await page.getByRole('checkbox', { name: /vont remplir cette instance/ }).check();
  await restore.click();
  await expect(page.getByRole('alert')).toHaveText(
    'Une sauvegarde se restaure dans une instance vide : celle-ci a déjà des collections ou d’autres comptes.',
  );
  await expect(page.getByText('sauvegarde.zip')).toBeVisible();
});
