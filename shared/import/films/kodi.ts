// Kodi's movie .nfo files (kodi.wiki/view/NFO_files/Movies): one <movie> element per film, with its
// titles, year (or premiered date), plot, runtime in minutes, genres, directors, actors, the person's
// userrating (0–10, halved to Vitrine's 0–5), the sites' ratings, posters by address, its set, and the
// sites' ids (<uniqueid type="imdb">). A zip of many .nfo is read as one file of them (kodi-zip.ts).
import { halveRating, putValues, importField, type ImportField, type ImportRecord } from '../records';
import { ImportFileError } from '../errors';
import { child, childrenOf, type XmlElement } from '../xml';

export const KODI_RECORD = 'movie';

/** A document whose first element is a <movie>, or a <movies> holding them (a zip's .nfo files). */
export const isKodiHead = (head: string) => /^(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<movies?[\s>]/.test(head);

/**
 * Where the first <movie> begins. A lone .nfo has no element around its film, so the XML head reader
 * (which wants the records inside a root) is not used.
 */
export function kodiStart(text: string): number {
  const start = text.search(/<movie[\s>]/);
  if (start < 0) throw new ImportFileError('no_records');
  return start;
}

/**
 * An end tag after a window's end, when the window ends the file: it closes a lone .nfo's records as a
 * root's end tag closes other files', and the reader stops there.
 */
export const KODI_END = '</movies>';

export const KODI_FIELDS: ImportField[] = [
  importField('title', 'title', 'text', 'title'),
  importField('original_title', 'originaltitle', 'text', 'original_title'),
  importField('poster', 'thumb', 'image', 'poster'),
  importField('directors', 'director', 'text', 'directors', true),
  importField('cast', 'actor', 'text', 'cast', true),
  importField('year', 'year', 'number', 'year'),
  importField('runtime', 'runtime', 'number', 'runtime'),
  importField('genres', 'genre', 'text', 'genre', true),
  importField('synopsis', 'plot', 'longtext', 'synopsis'),
  importField('watched', 'playcount', 'yesno', 'watched'),
  importField('rating', 'userrating', 'rating', 'rating'),
  importField('site_rating', 'ratings', 'number'),
  importField('set', 'set', 'text'),
  importField('tags', 'tag', 'text', undefined, true),
  importField('imdb', 'uniqueid imdb', 'text'),
  importField('tmdb', 'uniqueid tmdb', 'text'),
];

const textOf = (element: XmlElement | undefined) => element?.text.trim() || undefined;
const textsOf = (movie: XmlElement, name: string) => childrenOf(movie, name).map((e) => e.text);

/** The film's poster: the thumb Kodi calls a poster, else the first one. */
function posterOf(movie: XmlElement): string | undefined {
  const thumbs = childrenOf(movie, 'thumb');
  return textOf(thumbs.find((t) => t.attrs.aspect === 'poster') ?? thumbs[0]);
}

/** The sites' ids by type (imdb, tmdb…), and the one Kodi marks as default. */
function uniqueIds(movie: XmlElement): { byType: Map<string, string>; default: string | null } {
  const byType = new Map<string, string>();
  let fallback: string | null = null;
  for (const id of childrenOf(movie, 'uniqueid')) {
    const value = id.text.trim();
    if (value === '') continue;
    const type = (id.attrs.type ?? 'unknown').trim().toLowerCase();
    byType.set(type, value);
    if (id.attrs.default === 'true' || fallback === null) fallback = `${type}:${value}`;
  }
  return { byType, default: fallback };
}

export function kodiRecord(row: number, movie: XmlElement): ImportRecord {
  const values: Record<string, string[]> = {};
  const put = (key: string, ...texts: (string | undefined)[]) => putValues(values, key, texts);
  put('title', textOf(child(movie, 'title')));
  put('original_title', textOf(child(movie, 'originaltitle')));
  put('poster', posterOf(movie));
  put('directors', ...textsOf(movie, 'director'));
  put('cast', ...childrenOf(movie, 'actor').map((actor) => child(actor, 'name')?.text));
  // Kodi 20 leaves <year> for <premiered>; 0 is its "unknown".
  const year = textOf(child(movie, 'year')) ?? textOf(child(movie, 'premiered'))?.slice(0, 4);
  if (year !== '0') put('year', year);
  const runtime = textOf(child(movie, 'runtime'));
  if (runtime !== '0') put('runtime', runtime);
  put('genres', ...textsOf(movie, 'genre'));
  put('synopsis', textOf(child(movie, 'plot')));
  const playcount = textOf(child(movie, 'playcount'));
  const watched = textOf(child(movie, 'watched'));
  if (playcount !== undefined || watched !== undefined) put('watched', Number(playcount) > 0 || watched === 'true' ? 'true' : 'false');
  put('rating', halveRating(textOf(child(movie, 'userrating'))));
  const ratings = childrenOf(child(movie, 'ratings'), 'rating');
  put('site_rating', textOf(child(ratings.find((r) => r.attrs.default === 'true') ?? ratings[0], 'value')));
  // A set is its name, or (Kodi 16 and later) a <name> inside it.
  const set = child(movie, 'set');
  put('set', textOf(child(set, 'name')) ?? textOf(set));
  put('tags', ...textsOf(movie, 'tag'));
  const ids = uniqueIds(movie);
  put('imdb', ids.byType.get('imdb') ?? textOf(child(movie, 'imdbid')));
  put('tmdb', ids.byType.get('tmdb') ?? textOf(child(movie, 'tmdbid')));
  // IMDb's id first: the same film whatever scraper wrote the file.
  const imdb = values.imdb?.[0];
  return { row, id: imdb ? `imdb:${imdb}` : ids.default, values };
}
