// The language (docs/product.md §4): chosen once on first visit — the instance's default language when its
// administrator set one, else the browser's — then kept until changed. Any change is saved and the page
// reloads, so only one catalogue is ever loaded.
import { API_PREFIX, DEFAULT_LOCALE, LOCALE_COOKIE, STORAGE_KEYS, isLocale } from '@shared/constants';
import type { Locale } from '@shared/constants';
import { readStorage, writeStorage } from '../lib/storage';

/** Language names in their own language, as the dropdown shows them. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en_US: 'English', fr_FR: 'Français' };

export function toIntlLocale(locale: Locale): string {
  return locale.replace('_', '-');
}

export function browserLocale(): Locale {
  const language = typeof navigator === 'undefined' ? '' : (navigator.language ?? '');
  return language.toLowerCase().startsWith('fr') ? 'fr_FR' : DEFAULT_LOCALE;
}

export function storedLocale(): Locale | null {
  const stored = readStorage(STORAGE_KEYS.lang);
  return isLocale(stored) ? stored : null;
}

/**
 * The language the administrator set for first visits (GET /settings), or null: follow the browser.
 * Asked only on a first visit; a failure there also follows the browser.
 */
export async function instanceDefaultLocale(): Promise<Locale | null> {
  try {
    const response = await fetch(`${API_PREFIX}/settings`);
    if (!response.ok) return null;
    const { defaultLanguage } = (await response.json()) as { defaultLanguage?: unknown };
    return isLocale(defaultLanguage) ? defaultLanguage : null;
  } catch {
    return null;
  }
}

/** Stores the language, and tells the Worker too (a cookie), so pages it renders come in it. */
function rememberLocale(locale: Locale): boolean {
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
  return writeStorage(STORAGE_KEYS.lang, locale);
}

/**
 * The locale to start with, or null when the page is reloading after the first visit stored one.
 * A page the Worker rendered already chose for a first visit (the same rule), so it is kept without
 * a reload. If storage refuses the write, the first visit's language is used without a reload.
 */
export async function resolveStartupLocale(rendered?: Locale, instanceDefault = instanceDefaultLocale): Promise<Locale | null> {
  const stored = storedLocale();
  if (stored) {
    rememberLocale(stored);
    return stored;
  }
  if (rendered) {
    rememberLocale(rendered);
    return rendered;
  }
  const locale = (await instanceDefault()) ?? browserLocale();
  if (!rememberLocale(locale)) return locale;
  window.location.reload();
  return null;
}

export function changeLocale(locale: Locale): void {
  rememberLocale(locale);
  window.location.reload();
}
