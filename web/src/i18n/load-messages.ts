// The messages of the active language, which come by screen (docs/architecture.md, "Languages").
// English needs none: en.json is extracted from the code's default messages (npm run i18n:check keeps
// them equal), and English is the app's default locale. In French, the shell's messages (navigation bar,
// error texts…) come with the first screen, and each screen's with its code: a route's loader asks for
// them (app/router.tsx), so the router shows a screen once both have come, or its error when one fails.
// A page the Worker rendered brings the messages its markup shows, for hydrating at once; the rest of
// its screen's follow. The catalogue modules are made by the build (compiled-catalogues.ts).
import { useSyncExternalStore } from 'react';
import type { MessageFormatElement } from 'react-intl';
import { DEFAULT_LOCALE } from '@shared/constants';
import type { Locale } from '@shared/constants';
import type { Catalogue } from './screen-catalogues';

/** Strings, or in the browser's build already parsed (compiled-catalogues.ts), which react-intl takes alike. */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

let locale: Locale = DEFAULT_LOCALE;
let messages: Catalogue = {};
interface LanguageCatalogues {
  shell: Catalogue;
  loadScreen: (screen: string, deliver: (messages: Catalogue) => void) => Promise<void>;
}

let catalogues: Promise<LanguageCatalogues> | null = null;
const listeners = new Set<() => void>();

function add(more: Catalogue): void {
  messages = { ...messages, ...more };
  for (const listener of listeners) listener();
}

/** The language's shell messages and its screens' loader; a failure is tried again on the next call. */
function languageCatalogues(): Promise<LanguageCatalogues> {
  catalogues ??= import('virtual:vitrine-messages/fr').then(
    (module) => {
      add(module.shell);
      return module;
    },
    (error: unknown) => {
      catalogues = null;
      throw error;
    },
  );
  return catalogues;
}

/** Starts the app in `language`, with the messages a rendered page came with (parsed), if any. */
export function startMessages(language: Locale, rendered: Record<string, unknown[]> = {}): void {
  locale = language;
  messages = rendered as Catalogue;
}

/** The shell's messages (needed before anything shows when no rendered page brought them). */
export async function loadShellMessages(): Promise<void> {
  if (locale !== DEFAULT_LOCALE) await languageCatalogues();
}

/** A screen's messages, with the shell's: once each, and again after a failure. */
export async function loadScreenMessages(screen: string): Promise<void> {
  if (locale !== DEFAULT_LOCALE) await (await languageCatalogues()).loadScreen(screen, add);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): Messages {
  return messages;
}

/** The messages come so far, for react-intl's provider: a new screen's are there before it shows. */
export function useMessages(): Messages {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
