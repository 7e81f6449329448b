import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Screens load their route modules lazily: on a busy two-core machine the first render of a file can
// take longer than Testing Library's default second, and 4 s was once too short with a second copy of
// the suite running beside. These bound waiting, not how fast things are; a test's own limit is 15 s.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: scrolling (used by the router's scroll restoration) does nothing.
Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: () => undefined });

// The files of a worker share one page and the libraries' modules (`isolate: false`, vitest.config.ts):
// each file starts from an empty page and from fresh app modules, whose state (the language, the session,
// a rendered page's answers) is the app's own; React, the router and the other libraries stay loaded.
vi.resetModules();
document.head.replaceChildren();
document.body.replaceChildren();
for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
window.sessionStorage.clear();
window.history.replaceState(null, '', '/');

// The app loads its error texts after the first paint (web/src/main.tsx); components under test get them at once.
const [{ errorCatalogue }, { provideErrorCatalogue }] = await Promise.all([
  import('@web/lib/error-catalogue'),
  import('@web/lib/error-messages'),
]);
provideErrorCatalogue(errorCatalogue);

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});
