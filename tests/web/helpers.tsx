// Test helpers: the app's providers around a screen, a scripted fetch, and a stubbed page reload.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, RouterProvider, Routes, createMemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '@shared/constants';
import type { ApiInfo } from '@shared/schemas/meta';
import type { Profile, User } from '@shared/schemas/users';
import { routes } from '@web/app/router';
import { AppSwrProvider } from '@web/app/swr-provider';
import en from '@web/i18n/en.json';
import fr from '@web/i18n/fr.json';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  });
}

export function apiError(status: number, code: string, details: unknown = null, headers?: Record<string, string>) {
  return json({ error: { code, message: `server text for ${code}`, details } }, { status, headers });
}

export const apiInfo = (demo = false): ApiInfo => ({
  name: 'Vitrine',
  version: '1.0.0',
  demo,
  demoCredentials: demo ? { username: 'demo', password: 'demo' } : null,
});

/** Replaces fetch; every call is recorded, and the handler answers it. */
/** Alice, a signed-in user as the API answers her (users list, user, profile). */
export const makeUser = (overrides: Partial<User> = {}): User => ({
  id: 7,
  username: 'alice',
  email: 'alice@example.com',
  firstName: 'Alice',
  lastName: 'Martin',
  avatar: null,
  isAdmin: false,
  enabled: true,
  builtinAdmin: false,
  createdAt: '2026-03-14T10:00:00.000Z',
  updatedAt: '2026-03-14T10:00:00.000Z',
  ...overrides,
});

export const makeProfile = (overrides: Partial<Profile> = {}): Profile => ({ ...makeUser(), pendingEmail: null, ...overrides });

export function mockFetch(handler: Handler) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const rawBody = init.body;
    const call: RecordedCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : rawBody,
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/**
 * Gives URL the object URLs jsdom lacks, as a file saved from the page needs (vi.unstubAllGlobals
 * undoes it); returns the createObjectURL spy, which answers `href`.
 */
export function stubObjectUrls(href: string) {
  const createObjectURL = vi.fn(() => href);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  return createObjectURL;
}

/** Swaps window.location for a copy whose reload is a spy; returns the spy and a restore function. */
export function stubReload() {
  const original = window.location;
  const reload = vi.fn();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...original, reload } });
  return {
    reload,
    restore: () => Object.defineProperty(window, 'location', { configurable: true, value: original }),
  };
}

export function signIn(username: string, { id = 7, readOnly = false } = {}) {
  window.localStorage.setItem(STORAGE_KEYS.token, `token-of-${username}`);
  window.localStorage.setItem(STORAGE_KEYS.userId, String(id));
  window.localStorage.setItem(STORAGE_KEYS.username, username);
  window.localStorage.setItem(STORAGE_KEYS.readOnly, readOnly ? 'true' : 'false');
}

/** Shows the current path so tests can see where navigation went. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * Renders a screen inside the app's providers (the English catalogue, or the French one, SWR with a
 * fresh cache, a memory router). `path` is the route pattern the screen is mounted on.
 */
export function renderWithApp(
  ui: ReactElement,
  { route = '/', path = '*', locale = 'en_US' }: { route?: string; path?: string; locale?: 'en_US' | 'fr_FR' } = {},
) {
  return render(
    <IntlProvider locale={locale.replace('_', '-')} defaultLocale="en-US" messages={locale === 'fr_FR' ? fr : en}>
      <MemoryRouter initialEntries={[route]}>
        <AppSwrProvider>
          <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
            <Routes>
              <Route
                path={path}
                element={
                  <>
                    {ui}
                    <LocationProbe />
                  </>
                }
              />
              {path !== '*' ? <Route path="*" element={<LocationProbe />} /> : null}
            </Routes>
          </SWRConfig>
        </AppSwrProvider>
      </MemoryRouter>
    </IntlProvider>,
  );
}

/**
 * Renders the real route table at `path` (lazy screens included), in English or French, with a fresh
 * SWR cache. The router is returned so tests can read the location (path, search) and go back.
 */
export function renderRoute(path: string, { locale = 'en_US' }: { locale?: 'en_US' | 'fr_FR' } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <IntlProvider locale={locale.replace('_', '-')} defaultLocale="en-US" messages={locale === 'fr_FR' ? fr : en}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </IntlProvider>,
  );
  return { router, ...view };
}
