// Configuration → Modules on a desktop: the administrator sees every catalogue's state, gives TMDB a key
// of the instance's own (shown only by its end), tests it against the fake catalogue on 127.0.0.1 which
// refuses it, tests Open Library which answers, and turns a catalogue off and on again.
import { expect, test } from '../support/test';
import { jsonAnswer, setAnswers } from '../support/fake-sources';
import { E2E } from '../support/e2e-settings.mjs';
import { ADMIN, apiToken, bearer, signInViaApi } from '../support/e2e-helpers';

const FAKE = `http://127.0.0.1:${E2E.sourcesPort}`;

test('the administrator keys, tests and turns off catalogues', async ({ page, request }) => {
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  const key = `e2e-tmdb-key-${Date.now()}`;
  try {
    await setAnswers(FAKE, `/meta/tmdb/3/search/movie?query=Casablanca&include_adult=false&language=en-US&api_key=${key}`, [
      { status: 401 },
    ]);
    await setAnswers(FAKE, '/meta/openlibrary/api/books?bibkeys=ISBN:9780441172719&format=json&jscmd=data', [
      jsonAnswer({ 'ISBN:9780441172719': { key: '/books/OL26M', title: 'Dune' } }),
    ]);
    await signInViaApi(page, ADMIN.username, ADMIN.password);
    await page.goto('/config/');
    await page.getByRole('link', { name: 'Modules' }).click();
    await expect(page).toHaveURL(/\/config\/modules$/);
    await expect(page).toHaveTitle(/^Modules - /);

    const openLibrary = page.getByRole('listitem', { name: 'Open Library' });
    await expect(openLibrary).toContainText('Ready');
    await expect(openLibrary).toContainText('For Books and Comics, and any custom collection.');
    await openLibrary.getByRole('button', { name: 'Test' }).click();
    await expect(openLibrary.getByText('It answers: 1 result, the first “Dune”.')).toBeVisible();

    const tmdb = page.getByRole('listitem', { name: 'TMDB' });
    await expect(tmdb).toContainText("The deployment's key is used. Type one to use it instead.");
    await tmdb.getByLabel('Key (required)').fill(key);
    await tmdb.getByRole('button', { name: 'Save' }).click();
    await expect(tmdb.getByText(`A key is saved here (it ends in …${key.slice(-4)}). Type another to replace it.`)).toBeVisible();
    await expect(tmdb.getByLabel('Key (required)')).toHaveValue('');
    await tmdb.getByRole('button', { name: 'Test' }).click();
    await expect(
      tmdb.getByText('TMDB (The Movie Database) refused the key it was given: the administrator should check it.'),
    ).toBeVisible();
    await tmdb.getByRole('button', { name: 'Forget the saved key' }).click();
    await expect(tmdb).toContainText("The deployment's key is used.");

    await openLibrary.getByLabel('Searched by collections').uncheck();
    await expect(openLibrary).toContainText('Off');
    await expect(openLibrary.getByRole('button', { name: 'Test' })).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('listitem', { name: 'Open Library' }).getByLabel('Searched by collections')).not.toBeChecked();
    await page.getByRole('listitem', { name: 'Open Library' }).getByLabel('Searched by collections').check();
    await expect(page.getByRole('listitem', { name: 'Open Library' })).toContainText('Ready');
  } finally {
    for (const [id, change] of [
      ['openlibrary', { enabled: true }],
      ['tmdb', { key: null }],
    ] as const) {
      await request.put(`/api/v1/config/modules/${id}`, { headers: bearer(token), data: change });
    }
  }
});
