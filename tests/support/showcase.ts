// The main screens of the app and the data that fills them, shared by the accessibility spec and the
// README screenshots (tests/e2e/accessibility.spec.ts, tests/screenshots/). A new main screen is added
// to SCREENS once and is then checked by axe and photographed.
import type { APIRequestContext, Page } from '@playwright/test';
import { DISPLAY_MODES } from '@shared/catalogue';
import { STORAGE_KEYS } from '@shared/constants';
import { ADMIN, addPropertyViaApi, bearer, createCollectionViaApi, createItemsViaApi } from './e2e-helpers';

export interface Showcase {
  token: string;
  user: { id: number; username: string; readOnly: boolean };
  collectionId: number;
  itemId: number;
  propertyId: number;
  /** Lending: a borrower holding the first book, and a visitor's request for the second. */
  borrowerId: number;
  loanId: number;
  requestId: number;
  requestItemId: number;
}

const BOOKS = [
  { title: 'The Left Hand of Darkness', authors: ['Ursula K. Le Guin'], year: 1969, genre: ['Science fiction'], rating: 5, read: true },
  { title: 'Le Petit Prince', authors: ['Antoine de Saint-Exupéry'], year: 1943, genre: ['Tale'], rating: 4.5, read: true },
  { title: 'Dune', authors: ['Frank Herbert'], year: 1965, genre: ['Science fiction'], rating: 4, read: true },
  { title: 'Les Misérables', authors: ['Victor Hugo'], year: 1862, genre: ['Novel'], rating: 4.5, read: false },
  { title: 'Piranesi', authors: ['Susanna Clarke'], year: 2020, genre: ['Fantasy'], rating: 4, read: true },
  { title: 'L’Écume des jours', authors: ['Boris Vian'], year: 1947, genre: ['Novel'], rating: 3.5, read: false },
  { title: 'A Wizard of Earthsea', authors: ['Ursula K. Le Guin'], year: 1968, genre: ['Fantasy'], rating: 5, read: true },
  { title: 'Station Eleven', authors: ['Emily St. John Mandel'], year: 2014, genre: ['Science fiction'], rating: 4, read: false },
];

/** The administrator's books (from the template, so every kind of field shows) and a few items. */
export async function seedShowcase(request: APIRequestContext): Promise<Showcase> {
  const login = await request.post('/api/v1/token', { data: { login: ADMIN.username, password: ADMIN.password } });
  if (login.status() !== 200) throw new Error(`signing in as admin answered ${login.status()}`);
  const { token, user } = (await login.json()) as { token: string; user: Showcase['user'] };
  const collection = await createCollectionViaApi(request, token, {
    type: 'books',
    name: 'Science fiction and classics',
    description: 'The shelf by the window: favourites, first editions and books waiting to be read.',
    borrowable: 0,
  });
  const items = await createItemsViaApi(
    request,
    token,
    collection.id,
    BOOKS.map(({ rating, read, ...values }) => ({ values: { ...values, rating, read, publisher: 'Gallimard', pages: 320 } })),
  );
  await addPropertyViaApi(request, token, collection.id, { label: 'Shelf', type: 'text', filterable: true });
  const res = await request.get(`/api/v1/collections/${collection.id}/properties`, { headers: bearer(token) });
  const { properties } = (await res.json()) as { properties: { id: number; key: string }[] };
  const year = properties.find((property) => property.key === 'year');
  if (!year || !items[0] || !items[1]) throw new Error('the books template has no year property');
  const lending = await seedLending(request, token, collection.id, items[0].id, items[1].id);
  return { token, user, collectionId: collection.id, itemId: items[0].id, propertyId: year.id, ...lending };
}

/** A loan out (to a borrower typed in) and a visitor's request with a message and wanted dates. */
async function seedLending(request: APIRequestContext, token: string, collectionId: number, lentItemId: number, askedItemId: number) {
  const lent = await request.post(`/api/v1/collections/${collectionId}/items/${lentItemId}/loans`, {
    headers: bearer(token),
    data: { borrower: { name: 'Camille Laurent', email: 'camille@example.com' }, notes: 'Lent at the book club.' },
  });
  if (lent.status() !== 201) throw new Error(`lending answered ${lent.status()}: ${await lent.text()}`);
  const loan = (await lent.json()) as { id: number; borrower: { id: number } };
  // From an address of its own, so the per-address limit on requests is not shared with other tests.
  const asked = await request.post(`/api/v1/collections/${collectionId}/items/${askedItemId}/borrow`, {
    headers: { 'cf-connecting-ip': `203.0.113.${Math.floor(Math.random() * 250) + 1}` },
    data: { name: 'Malik Benali', email: 'malik@example.com', message: 'Could I borrow it for the holidays?' },
  });
  if (asked.status() !== 201) throw new Error(`asking to borrow answered ${asked.status()}`);
  const loans = await request.get(`/api/v1/collections/${collectionId}/items/${askedItemId}/loans`, { headers: bearer(token) });
  const requestId = ((await loans.json()) as { loans: { id: number }[] }).loans[0]?.id;
  if (!requestId) throw new Error('the borrow request was not recorded');
  return { borrowerId: loan.borrower.id, loanId: loan.id, requestId, requestItemId: askedItemId };
}

export interface MainScreen {
  /** File-name friendly. */
  name: string;
  path: string;
  signedIn: boolean;
}

/** Every main screen of the accessibility rule, each display mode of a collection included. */
export function mainScreens(seed: Showcase): MainScreen[] {
  const collection = `/collection/${seed.collectionId}`;
  return [
    { name: 'home', path: '/', signedIn: true },
    ...DISPLAY_MODES.map((mode) => ({ name: `collection-${mode}`, path: `${collection}?display=${mode}`, signedIn: true })),
    { name: 'item', path: `${collection}/item/${seed.itemId}`, signedIn: true },
    { name: 'item-form', path: `${collection}/item/${seed.itemId}/edit`, signedIn: true },
    { name: 'manage', path: `${collection}/manage`, signedIn: true },
    { name: 'property-form', path: `${collection}/manage/property/${seed.propertyId}`, signedIn: true },
    { name: 'sign-in', path: '/login', signedIn: false },
    { name: 'profile', path: '/profile', signedIn: true },
    { name: 'users', path: '/config/users', signedIn: true },
    { name: 'backups', path: '/config/backups', signedIn: true },
    { name: 'borrowers', path: '/borrowers', signedIn: true },
    { name: 'lending', path: '/borrowers/loans', signedIn: true },
    { name: 'borrower', path: `/borrowers/${seed.borrowerId}`, signedIn: true },
    { name: 'loan-request', path: `${collection}/item/${seed.requestItemId}/loan/${seed.requestId}`, signedIn: true },
    { name: 'loan-new', path: `${collection}/item/${seed.requestItemId}/loan/new`, signedIn: true },
    { name: 'borrow-request', path: `${collection}/item/${seed.requestItemId}/borrow`, signedIn: false },
  ];
}

/**
 * Navigates once more when the first load stalls. The local dev server now and then leaves one of a
 * fresh page's parallel script requests unanswered (traces show it pending while the others answered in
 * milliseconds), so the page's load event never comes; a second navigation gets every file. A page
 * that does not load twice still fails.
 */
async function openPath(page: Page, path: string): Promise<void> {
  try {
    await page.goto(path, { timeout: 20_000 });
  } catch (error) {
    if (!(error instanceof Error) || !error.message.includes('Timeout')) throw error;
    await page.goto(path);
  }
}

/** How a screen is opened: in English by default, signed in when the screen needs it. */
export interface OpenOptions {
  locale?: 'en_US' | 'fr_FR';
  /** Signed out whatever the screen needs: the way a friend arrives from a shared link or a label. */
  asVisitor?: boolean;
}

/** Opens a screen, signed in as the seed's owner when the screen needs it, and waits for it. */
export async function openScreen(page: Page, seed: Showcase, screen: MainScreen, options: OpenOptions = {}): Promise<void> {
  const signedIn = screen.signedIn && !options.asVisitor;
  await page.addInitScript(
    ({ keys, session, locale }) => {
      window.localStorage.setItem(keys.lang, locale);
      if (session) {
        window.localStorage.setItem(keys.token, session.token);
        window.localStorage.setItem(keys.userId, String(session.user.id));
        window.localStorage.setItem(keys.username, session.user.username);
        window.localStorage.setItem(keys.readOnly, String(session.user.readOnly));
      } else {
        // A page of the same browser context may have signed in before: a visitor's page is signed out.
        for (const key of [keys.token, keys.userId, keys.username, keys.readOnly]) window.localStorage.removeItem(key);
      }
    },
    { keys: STORAGE_KEYS, session: signedIn ? { token: seed.token, user: seed.user } : null, locale: options.locale ?? 'en_US' },
  );
  await openPath(page, screen.path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // The not-found and error screens have a heading too: a screen that did not load is a failure here.
  if ((await page.locator('.screen-message').count()) > 0) throw new Error(`${screen.path} showed an error screen`);
  // Lazy chunks, fonts and thumbnails settle before a check or a picture.
  await page.waitForLoadState('networkidle');
}
