// The language (spec §4): chosen once on first visit from the browser, then kept until changed.
// Any change is saved and the page reloads, so only one catalogue is ever loaded.
import { DEFAULT_LOCALE, STORAGE_KEYS, isLocale } from '../../../shared/constants';
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
 * The locale to start with, or null when the page is reloading after the first visit stored one.
 * If storage refuses the write, the browser's language is used without a reload (no reload loop).
 */
export function resolveStartupLocale(): Locale | null {
  const stored = storedLocale();
  if (stored) return stored;
  const locale = browserLocale();
  if (!writeStorage(STORAGE_KEYS.lang, locale)) return locale;
  window.location.reload();
  return null;
}

export function changeLocale(locale: Locale): void {
  writeStorage(STORAGE_KEYS.lang, locale);
  window.location.reload();
}
