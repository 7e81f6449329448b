// The language (docs/product.md §4): chosen once on first visit — the instance's default language when its
// administrator set one, else the browser's — then kept until changed. Any change is saved and the page
// reloads, so only one catalogue is ever loaded.
import { API_PREFIX, DEFAULT_LOCALE, STORAGE_KEYS, isLocale } from '../../../shared/constants';
import type { Locale } from '../../../shared/constants';
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

/**
 * The locale to start with, or null when the page is reloading after the first visit stored one.
 * If storage refuses the write, the first visit's language is used without a reload (no reload loop).
 */
export async function resolveStartupLocale(instanceDefault = instanceDefaultLocale): Promise<Locale | null> {
  const stored = storedLocale();
  if (stored) return stored;
  const locale = (await instanceDefault()) ?? browserLocale();
  if (!writeStorage(STORAGE_KEYS.lang, locale)) return locale;
  window.location.reload();
  return null;
}

export function changeLocale(locale: Locale): void {
  writeStorage(STORAGE_KEYS.lang, locale);
  window.location.reload();
}
