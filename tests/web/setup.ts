import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { errorCatalogue } from '@web/lib/error-catalogue';
import { provideErrorCatalogue } from '@web/lib/error-messages';

// Screens load their route modules lazily: on a busy two-core machine the first render of a file can
// take longer than Testing Library's default second, and 4 s was once too short with a second copy of
// the suite running beside. These bound waiting, not how fast things are; a test's own limit is 15 s.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: scrolling (used by the router's scroll restoration) does nothing.
Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: () => undefined });

// The app loads its error texts after the first paint (web/src/main.tsx); components under test get them at once.
provideErrorCatalogue(errorCatalogue);

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});
