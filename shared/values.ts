// Typed property values: one normalizer per content type, used by the server (authoritative) and by
// forms (early feedback). A value of a multiple property is an array of these, in the order given.
import { MEDIA_SCHEME } from './constants';
import { JSON_VALUE_MAX_LENGTH, LONGTEXT_VALUE_MAX_LENGTH, TEXT_VALUE_MAX_LENGTH, URL_VALUE_MAX_LENGTH } from './catalogue';
import type { PropertyType } from './catalogue';

export type ValueResult = { ok: true; value: unknown } | { ok: false; reason: string };

const ok = (value: unknown): ValueResult => ({ ok: true, value });
const fail = (reason: string): ValueResult => ({ ok: false, reason });

/**
 * The only media addresses values may hold: files uploaded for a collection's items (or its picture),
 * media://collections/<collection id>/<random name>.<extension>. Nothing else (avatars, thumbnails,
 * paths with "..") can be named; the server also checks that the collection is the item's own.
 */
const MEDIA_KEY = /^media:\/\/collections\/\d{1,15}\/[A-Za-z0-9-]{1,80}\.[a-z0-9]{1,8}$/;

/**
 * The extensions the server gives uploads it recognised as images by their content (lib/media.ts's
 * signatures), whatever the uploaded name said: an image property only takes these, so a PDF renamed
 * .jpg is stored as .bin and refused there.
 */
const IMAGE_FILE = /\.(png|jpg|gif|webp)$/;

/** The collection whose files a media value names, or null when it is not such a value. */
export function mediaCollectionId(value: string): number | null {
  return MEDIA_KEY.test(value) ? Number(value.split('/')[3]) : null;
}
const VIDEO_HOSTS = /^(www\.)?(youtube\.com|youtu\.be|vimeo\.com|dailymotion\.com|dai\.ly)$/;

function isRealDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * `https://user:pass@host/` shows one host and may carry secrets, and browsers may ask to sign in;
 * `https://trusted.example@evil.example/` reads as trusted. Neither belongs in a catalogue link.
 */
function hasCredentials(url: URL): boolean {
  return url.username !== '' || url.password !== '';
}

/** Empty input (null, undefined, blank text) means "no value": the normalizer answers ok(null). */
export function normalizeValue(type: PropertyType, raw: unknown): ValueResult {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return ok(null);
  switch (type) {
    case 'text':
    case 'longtext': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return fail('invalid_type');
      const text = String(raw).trim();
      return text.length > (type === 'text' ? TEXT_VALUE_MAX_LENGTH : LONGTEXT_VALUE_MAX_LENGTH) ? fail('too_big') : ok(text);
    }
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.replace(',', '.')) : NaN;
      return Number.isFinite(n) ? ok(n) : fail('invalid_number');
    }
    case 'rating': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
      if (!Number.isFinite(n) || n < 0 || n > 5 || Math.round(n * 2) !== n * 2) return fail('invalid_rating');
      return ok(n);
    }
    case 'date':
      return typeof raw === 'string' && isRealDate(raw.trim()) ? ok(raw.trim()) : fail('invalid_date');
    case 'datetime': {
      if (typeof raw !== 'string') return fail('invalid_datetime');
      const text = raw.trim();
      const datePart = text.slice(0, 10);
      const time = Date.parse(text);
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) || !isRealDate(datePart) || Number.isNaN(time)) {
        return fail('invalid_datetime');
      }
      return ok(new Date(time).toISOString());
    }
    case 'yesno':
      if (typeof raw === 'boolean') return ok(raw);
      if (raw === 'true' || raw === 'false') return ok(raw === 'true');
      return fail('invalid_type');
    case 'url': {
      if (typeof raw !== 'string') return fail('invalid_url');
      const url = parseUrl(raw.trim());
      if (!url || !['http:', 'https:', 'mailto:'].includes(url.protocol) || raw.length > URL_VALUE_MAX_LENGTH) return fail('invalid_url');
      return hasCredentials(url) ? fail('url_credentials') : ok(url.href);
    }
    case 'color':
      return typeof raw === 'string' && /^#[0-9a-fA-F]{6}$/.test(raw.trim()) ? ok(raw.trim().toLowerCase()) : fail('invalid_color');
    case 'json': {
      let value: unknown = raw;
      if (typeof raw === 'string') {
        try {
          value = JSON.parse(raw) as unknown;
        } catch {
          return fail('invalid_json');
        }
      }
      return JSON.stringify(value).length > JSON_VALUE_MAX_LENGTH ? fail('too_big') : ok(value);
    }
    case 'image':
      if (typeof raw !== 'string' || !MEDIA_KEY.test(raw)) return fail('invalid_media');
      return IMAGE_FILE.test(raw) ? ok(raw) : fail('not_image');
    case 'file':
      return typeof raw === 'string' && MEDIA_KEY.test(raw) ? ok(raw) : fail('invalid_media');
    case 'video': {
      if (typeof raw !== 'string') return fail('invalid_video');
      if (MEDIA_KEY.test(raw)) return ok(raw);
      const url = parseUrl(raw.trim());
      if (!url || url.protocol !== 'https:' || !VIDEO_HOSTS.test(url.hostname)) return fail('invalid_video');
      return hasCredentials(url) ? fail('url_credentials') : ok(url.href);
    }
  }
}

/** True for a media value stored in R2 (as opposed to an embed URL). */
export function isMediaValue(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(MEDIA_SCHEME);
}

/**
 * The embed address of a YouTube, Vimeo or Dailymotion page URL, or null. Only these hosts are embedded
 * (the Content-Security-Policy allows nothing else in frames).
 */
export function videoEmbedUrl(value: string): string | null {
  const url = parseUrl(value);
  if (!url) return null;
  const host = url.hostname.replace(/^www\./, '');
  const safeId = (id: string | null | undefined) => (id && /^[A-Za-z0-9_-]{3,64}$/.test(id) ? id : null);
  if (host === 'youtube.com') {
    const id = safeId(url.searchParams.get('v') ?? url.pathname.split('/')[2]);
    return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (host === 'youtu.be') {
    const id = safeId(url.pathname.slice(1));
    return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (host === 'vimeo.com') {
    const id = safeId(url.pathname.split('/').filter(Boolean).pop());
    return id && /^\d+$/.test(id) ? `https://player.vimeo.com/video/${id}` : null;
  }
  if (host === 'dailymotion.com' || host === 'dai.ly') {
    const segments = url.pathname.split('/').filter(Boolean);
    const id = safeId(host === 'dai.ly' ? segments[0] : segments[0] === 'video' ? segments[1] : null);
    return id ? `https://geo.dailymotion.com/player.html?video=${id}` : null;
  }
  return null;
}
