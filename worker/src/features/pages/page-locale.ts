// The language a rendered page comes in, by the browser's own rule (web/src/i18n/locale.ts): the one
// this browser chose (its cookie), else the instance's default language, else the browser's first.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale } from '@shared/constants';
import type { Locale } from '@shared/constants';
import type { AppEnv } from '@worker/env';

export async function pageLocale(c: Context<AppEnv>): Promise<Locale> {
  const chosen = getCookie(c, LOCALE_COOKIE);
  if (isLocale(chosen)) return chosen;
  const { defaultLanguage } = await c.get('settings').read();
  if (isLocale(defaultLanguage)) return defaultLanguage;
  const first = (c.req.header('Accept-Language') ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('fr') ? 'fr_FR' : DEFAULT_LOCALE;
}
