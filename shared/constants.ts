// Product-wide constants shared by the Worker and the SPA. No DOM, no Workers APIs here.

export const PRODUCT_NAME = 'Vitrine';
export const API_VERSION = '1.0.0';
export const API_PREFIX = '/api/v1';
export const OFFICIAL_WEBSITE = 'https://vitrine.app';

export const LOCALES = ['en_US', 'fr_FR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en_US';
/** The chosen language, also kept as a cookie so the Worker renders public pages in it. */
export const LOCALE_COOKIE = 'vitrine_lang';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Browser storage keys (docs/product.md §3): product-prefixed. */
export const STORAGE_KEYS = {
  token: 'vitrine_token',
  userId: 'vitrine_userId',
  username: 'vitrine_username',
  readOnly: 'vitrine_readonly',
  lang: 'vitrine_lang',
  /** The item list's display mode (list, mosaic, shop) last chosen in this browser. */
  display: 'vitrine_display',
  /** Whether the collection page's side panel of filters was last left unfolded ("open"). */
  filtersPanel: 'vitrine_filtersPanel',
} as const;

/** The built-in administrator account owns the Configuration area. */
export const BUILTIN_ADMIN_USERNAME = 'admin';

/** In demo mode nothing can be changed, so a well-known account is harmless. */
export const DEMO_CREDENTIALS = { username: 'demo', password: 'demo' } as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** Account fields as the API accepts them; forms stop at the same lengths. */
export const USERNAME_MIN_LENGTH = 2;
export const USERNAME_MAX_LENGTH = 40;
/** Letters, digits and . _ - (the source of a RegExp, and of an HTML pattern attribute). */
export const USERNAME_PATTERN = '[A-Za-z0-9._\\-]+';
export const EMAIL_MAX_LENGTH = 254;
/** A username or an email address. */
export const LOGIN_MAX_LENGTH = EMAIL_MAX_LENGTH;
export const PERSON_NAME_MAX_LENGTH = 100;

/** Avatars are small pictures; larger files are refused with 413. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** Videos browsers play inline: uploads of other kinds are stored as files and always downloaded. */
export const VIDEO_MEDIA_TYPES = ['video/mp4', 'video/webm', 'video/ogg'] as const;

/** How long a media ticket (?t= on /media addresses) is valid. */
export const MEDIA_TICKET_SECONDS = 3600;

/** Avatars are stored under this key prefix and served to whoever has the address (no ticket). */
export const AVATAR_KEY_PREFIX = 'avatars/';

/** Values hold media://<key>; the client shows them from /media/<key>. */
export const MEDIA_SCHEME = 'media://';
export function mediaUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  return value.startsWith(MEDIA_SCHEME) ? `/media/${value.slice(MEDIA_SCHEME.length)}` : null;
}

/** Visibility levels (docs/product.md): 2 "Shared users" applies to collections. */
export const VISIBILITY = { everyone: 0, loggedIn: 1, sharedUsers: 2, onlyMe: 3, nobody: 4 } as const;
