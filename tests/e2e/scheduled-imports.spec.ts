// A BoardGameGeek collection imported from the web, in French: the server fetches it from a fake
// BoardGameGeek on 127.0.0.1 (which first queues it), the person maps and imports it and keeps it as a
// daily source; when it is due, the Worker's cron runs it again and the new game appears, no duplicates.
import { expect, test } from '../support/test';
import { base64, setAnswers } from '../support/fake-sources';
import { E2E } from '../support/e2e-settings.mjs';
import { bearer, createCollectionViaApi, createOwnerViaApi, runLocalSql, signInViaApi, useLanguage } from '../support/e2e-helpers';

const FAKE = `http://127.0.0.1:${E2E.sourcesPort}`;

function bggXml(games: { id: number; name: string }[]): string {
  const items = games
    .map(
      (g) =>
        `<item objecttype="thing" objectid="${g.id}" subtype="boardgame" collid="${g.id}"><name sortindex="1">${g.name}</name><status own="1"/></item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?><items totalitems="${games.length}">\n${items}\n</items>`;
}

/** Makes every source of the instance due, as a day passing would (the instance-wide one, playwright.config.ts). */
const makeSourcesDue = () => runLocalSql(E2E.instanceWidePort, ["UPDATE import_sources SET next_run_at = '2000-01-01T00:00:00.000Z'"]);

test('a BoardGameGeek collection imported from the web re-runs from the cron (French)', async ({ page, request }) => {
  test.setTimeout(180_000);
  await useLanguage(page, 'fr_FR');
  const owner = await createOwnerViaApi(request);
  const c = await createCollectionViaApi(request, owner.token, { name: 'Jeux', type: 'board_games' });
  const user = `ada${Date.now()}`;
  const path = `/bgg/xmlapi2/collection?username=${user}&stats=1`;
  await setAnswers(FAKE, path, [
    { status: 202 },
    {
      body: base64(
        bggXml([
          { id: 13, name: 'Catan' },
          { id: 822, name: 'Carcassonne' },
        ]),
      ),
    },
  ]);

  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${c.id}/manage/import`);
  await page.getByLabel('Le web : une adresse, BoardGameGeek, Goodreads').check();
  await page.getByLabel('Source', { exact: true }).selectOption('bgg');
  await page.getByLabel('Nom d’utilisateur BoardGameGeek').fill(user);
  // BoardGameGeek first queues the collection: the screen says to try again.
  await page.getByRole('button', { name: 'Lire la source' }).click();
  await expect(page.getByRole('alert')).toContainText('La source prépare cette collection');
  await page.getByRole('button', { name: 'Lire la source' }).click();
  await expect(page.getByText('Lu comme : Collection BoardGameGeek')).toBeVisible();
  await expect(page.getByLabel('Importer de nouveau depuis cette source')).toHaveValue('daily');
  const [started] = await Promise.all([
    page.waitForResponse((res) => res.request().method() === 'POST' && res.url().endsWith(`/collections/${c.id}/imports`)),
    page.getByRole('button', { name: 'Importer', exact: true }).click(),
  ]);
  expect(started.status()).toBe(202);
  const headers = { ...bearer(owner.token), Connection: 'close' };
  const total = async () => {
    try {
      const res = await request.get(`/api/v1/collections/${c.id}/items?perPage=20`, { headers, timeout: 5_000 });
      return ((await res.json()) as { total: number }).total;
    } catch {
      return -1;
    }
  };
  await expect.poll(total, { timeout: 60_000 }).toBe(2);

  // The source is listed on the import page, with its next run tomorrow.
  await page.goto(`/collection/${c.id}/manage/import`);
  const sources = page.getByRole('region', { name: 'Imports qui se répètent' });
  await expect(sources.getByText('Une collection BoardGameGeek')).toBeVisible();
  await expect(sources.getByText(/Prochain import :/)).toBeVisible();

  // A day later BoardGameGeek has a third game; the hourly cron runs the source again.
  await setAnswers(FAKE, path, [
    {
      body: base64(
        bggXml([
          { id: 13, name: 'Catan' },
          { id: 822, name: 'Carcassonne' },
          { id: 30549, name: 'Pandemic' },
        ]),
      ),
    },
  ]);
  makeSourcesDue();
  const cron = await request.get('/__scheduled?cron=47+*+*+*+*', { headers: { Connection: 'close' } });
  expect(cron.ok()).toBe(true);
  await expect.poll(total, { timeout: 90_000 }).toBe(3);
  await page.goto(`/collection/${c.id}`);
  await expect(page.getByRole('link', { name: 'Pandemic', exact: true }).first()).toBeVisible();
});
