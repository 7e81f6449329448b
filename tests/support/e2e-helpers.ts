// Helpers for the browser suite: API shortcuts (setup only; what is tested goes through the UI) and
// the fake email provider's captured messages.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@shared/constants';
import type { ReceivedEmail } from './fake-smtp';
import { E2E } from './e2e-settings.mjs';

export const ADMIN = { username: 'admin', password: E2E.adminPassword };

/**
 * Sends a set-up request again when `wrangler dev`'s proxy answers that the Worker "restarted
 * mid-request". The proxy gives that answer to any write whose connection to the Worker failed (it
 * retries only GET and HEAD itself), also when nothing restarted; the Worker never answers it.
 */
async function sendSetUp(send: () => Promise<APIResponse>): Promise<APIResponse> {
  for (let attempt = 1; ; attempt += 1) {
    const res = await send();
    if (res.status() !== 503 || attempt === 3 || !(await res.text()).includes('restarted mid-request')) return res;
    await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
  }
}

export async function apiToken(request: APIRequestContext, login: string, password: string, base = ''): Promise<string> {
  const res = await sendSetUp(() => request.post(`${base}/api/v1/token`, { data: { login, password } }));
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

let serial = 0;
export async function createUserViaApi(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  serial += 1;
  const username = `e2e${Date.now().toString(36)}${serial}`;
  const password = `pass-${username}`;
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  const res = await sendSetUp(() =>
    request.post('/api/v1/users', {
      headers: { Authorization: `Bearer ${token}` },
      data: { username, password, email: `${username}@example.test`, ...overrides },
    }),
  );
  expect(res.status()).toBe(201);
  return { ...((await res.json()) as { id: number; username: string; email: string }), password };
}

/** The language each page was given by useLanguage: signInViaApi signs in in it, as the form would. */
const pageLanguage = new WeakMap<Page, 'en_US' | 'fr_FR'>();

/** Sets the language before the first page load, so the first-visit reload does not happen. */
export async function useLanguage(page: Page, lang: 'en_US' | 'fr_FR') {
  pageLanguage.set(page, lang);
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('vitrine_lang')) window.localStorage.setItem('vitrine_lang', value);
  }, lang);
}

export async function signInThroughUi(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(/^(username or email|nom d’utilisateur ou e-mail)$/i).fill(login);
  await page.getByLabel(/^password$|^mot de passe$/i).fill(password);
  await page.getByRole('button', { name: /^sign in$|^se connecter$/i }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Signs in as the sign-in form does (POST /token in the page's language, which also becomes the
 * account's language for emails), then hands the session to the page before its next load: the
 * same four entries of local storage the form writes. For tests about what comes after signing in;
 * the form itself is tested by signInThroughUi's callers. The page is not navigated.
 */
export async function signInViaApi(page: Page, login: string, password: string) {
  const res = await sendSetUp(() =>
    page.request.post('/api/v1/token', {
      headers: { 'Content-Language': pageLanguage.get(page) ?? 'en_US' },
      data: { login, password },
    }),
  );
  expect(res.status()).toBe(200);
  const { token, user } = (await res.json()) as { token: string; user: { id: number; username: string; readOnly: boolean } };
  const origin = new URL(res.url()).origin;
  const stored = {
    [STORAGE_KEYS.token]: token,
    [STORAGE_KEYS.userId]: String(user.id),
    [STORAGE_KEYS.username]: user.username,
    [STORAGE_KEYS.readOnly]: user.readOnly ? 'true' : 'false',
  };
  // Once per tab: a later sign-out stays signed out across reloads, as it does after the form.
  await page.addInitScript(
    ({ origin, stored }) => {
      if (window.location.origin !== origin || window.sessionStorage.getItem('e2e_signed_in') === stored.vitrine_token) return;
      window.sessionStorage.setItem('e2e_signed_in', stored.vitrine_token);
      for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
    },
    { origin, stored },
  );
}

export async function capturedEmails(to: string) {
  const res = await fetch(`http://127.0.0.1:${E2E.resendPort}/__messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as { subject: string; text: string; html: string }[];
}

/** What the fake SMTP server received for one address (tests/support/fake-smtp.ts). */
export async function receivedOverSmtp(to: string) {
  const res = await fetch(`http://127.0.0.1:${E2E.resendPort}/__smtp?to=${encodeURIComponent(to)}`);
  return (await res.json()) as ReceivedEmail[];
}

// ---- Catalogue set-up through the API (what a test is not about) ----

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

async function expectCreated<T>(res: APIResponse, what: string): Promise<T> {
  if (res.status() !== 201) throw new Error(`creating ${what} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

export interface SeededCollection {
  id: number;
  name: string;
  type: string;
}

export async function createCollectionViaApi(
  request: APIRequestContext,
  token: string,
  body: Record<string, unknown>,
): Promise<SeededCollection> {
  const res = await sendSetUp(() =>
    request.post('/api/v1/collections', {
      headers: { ...bearer(token), 'Content-Language': 'en_US' },
      data: { visibility: 0, ...body },
    }),
  );
  return expectCreated<SeededCollection>(res, 'a collection');
}

export async function addPropertyViaApi(
  request: APIRequestContext,
  token: string,
  collectionId: number,
  body: Record<string, unknown>,
): Promise<{ id: number; key: string; label: string }> {
  const res = await sendSetUp(() => request.post(`/api/v1/collections/${collectionId}/properties`, { headers: bearer(token), data: body }));
  return expectCreated(res, `the property ${String(body.label)}`);
}

export interface SeededItem {
  id: number;
  title: string | null;
}

/**
 * Creates items in order, `batch` requests at a time (each batch finishes before the next starts, so
 * later entries are created later). Each entry is an item body: { values, visibility?, quantity? }.
 */
export async function createItemsViaApi(
  request: APIRequestContext,
  token: string,
  collectionId: number,
  bodies: Record<string, unknown>[],
  batch = 10,
): Promise<SeededItem[]> {
  const created: SeededItem[] = [];
  for (let start = 0; start < bodies.length; start += batch) {
    const slice = bodies.slice(start, start + batch);
    const answers = await Promise.all(
      slice.map((body) =>
        sendSetUp(() => request.post(`/api/v1/collections/${collectionId}/items`, { headers: bearer(token), data: body })),
      ),
    );
    for (const res of answers) created.push(await expectCreated<SeededItem>(res, 'an item'));
  }
  return created;
}

/** A signed-in owner of seeded data: a fresh user and their API token. */
export async function createOwnerViaApi(request: APIRequestContext) {
  const user = await createUserViaApi(request);
  return { ...user, token: await apiToken(request, user.username, user.password) };
}

/** Video players are third-party pages: answer their frames locally so no test waits on the network. */
export async function stubVideoPlayers(page: Page) {
  await page.route(/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com|geo\.dailymotion\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
}

/** Nothing on the page is wider than the viewport. */
export async function expectNoHorizontalOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * Demo mode refuses every write through the API, so data for the demo instance goes straight into its
 * local D1 database, with the same wrangler tooling that prepared it (tests/support/e2e-server.mjs).
 * Used for setup only: the statements mirror what the Worker writes for a collection of the Books type
 * with a title and a genre, and one item (left out of the search index: search is off in demo mode).
 */
export function seedDemoCollection(name: string, itemTitle: string, genre: string) {
  const text = (value: string) => `'${value.replace(/'/g, "''")}'`;
  const collection = `(SELECT id FROM collections WHERE name = ${text(name)})`;
  const property = (key: string) => `(SELECT id FROM properties WHERE collection_id = ${collection} AND key = ${text(key)})`;
  const item = `(SELECT id FROM items WHERE collection_id = ${collection})`;
  const statements = [
    `INSERT INTO collections (owner_id, name, type, description, tags, visibility)
       SELECT id, ${text(name)}, 'books', 'Seeded for the demo.', '["sample"]', 0 FROM users WHERE username = 'demo'`,
    `INSERT INTO properties (collection_id, key, label, type, display_order, is_title, required, searchable, sortable, hide_label)
       VALUES (${collection}, 'title', 'Title', 'text', 0, 1, 1, 1, 1, 1)`,
    `INSERT INTO properties (collection_id, key, label, type, display_order, filterable, in_summary)
       VALUES (${collection}, 'genre', 'Genre', 'text', 1, 1, 1)`,
    `INSERT INTO items (collection_id, data)
       VALUES (${collection}, json_object(CAST(${property('title')} AS TEXT), ${text(itemTitle)}, CAST(${property('genre')} AS TEXT), ${text(genre)}))`,
    `INSERT INTO item_values (item_id, property_id, position, value, sort_text)
       VALUES (${item}, ${property('title')}, 0, json_quote(${text(itemTitle)}), lower(${text(itemTitle)})),
              (${item}, ${property('genre')}, 0, json_quote(${text(genre)}), lower(${text(genre)}))`,
  ];
  runLocalSql(E2E.demoPort, statements);
}

/**
 * Runs SQL statements on the local database of the instance on `port` (wrangler d1 execute on its state
 * on disk), for what no API does: seeding as an earlier version would have, or letting time pass. The
 * statements run as one batch, which SQLite refuses whole (SQLITE_BUSY) while the instance writes for a
 * test on the other worker: it is then sent again.
 */
export function runLocalSql(port: number, statements: string[]): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  for (let attempt = 1; ; attempt += 1) {
    try {
      execFileSync(
        process.execPath,
        [
          'node_modules/wrangler/bin/wrangler.js',
          'd1',
          'execute',
          'DB',
          '--local',
          '--persist-to',
          `.wrangler/e2e-${port}`,
          '--command',
          statements.map((statement) => `${statement};`).join('\n'),
        ],
        { cwd: root, env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' }, stdio: 'pipe' },
      );
      return;
    } catch (error) {
      const busy = /SQLITE_BUSY/.test(`${(error as { stderr?: Buffer }).stderr ?? ''}${(error as Error).message}`);
      if (!busy || attempt === 5) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200 * attempt);
    }
  }
}

/**
 * The import mapping's rows, each as the tops of its cells (header, sample, select, details) and of the
 * row's first line of text and control, their left edges and bottoms: a row's cells line up (desktop)
 * or stack as one card (phone).
 */
export async function mappingRowTops(page: Page): Promise<{ cells: number[]; firstLines: number[]; lefts: number[]; bottoms: number[] }[]> {
  return page.locator('table.import-mapping tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = Array.from(row.children) as HTMLElement[];
      const firstLine = (cell: HTMLElement) => {
        const control = cell.querySelector('select, input');
        if (control) return control.getBoundingClientRect().top + control.getBoundingClientRect().height / 2;
        const range = document.createRange();
        range.selectNodeContents(cell);
        const line = range.getClientRects()[0];
        return line ? line.top + line.height / 2 : cell.getBoundingClientRect().top;
      };
      const boxes = cells.map((c) => c.getBoundingClientRect());
      return {
        cells: boxes.map((b) => b.top),
        firstLines: cells.slice(0, 3).map(firstLine),
        lefts: boxes.map((b) => b.left),
        bottoms: boxes.map((b) => b.bottom),
      };
    }),
  );
}

/**
 * Whether a picture has loaded and decodes. An item page's cover has a srcset, whose chosen size scales
 * naturalWidth by its density (a 1-pixel picture may read 0), so its pixel size says nothing there.
 */
export function pictureDecodes(img: Locator): Promise<boolean> {
  return img.evaluate(
    (element: HTMLImageElement) =>
      element.complete &&
      element.decode().then(
        () => true,
        () => false,
      ),
  );
}
