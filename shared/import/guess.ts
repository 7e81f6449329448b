// First guesses for a file without a known layout (plain CSV): the content type of each column and
// whether it holds several values, from the texts of every record of the file's head and the column's
// name; and whether dates in the file put the day or the month first. The person sees and can change
// every guess before importing.
import type { PropertyType } from '../catalogue';
import { htmlToText } from './html';
import { coerceText, type DateOrder, type RatingScale } from './mapping';
import { comparableLabel } from './labels';

export interface FieldGuess {
  type: PropertyType;
  multiple: boolean;
  /** The separator of several values in one cell, when the column looks like a list. */
  split: string | null;
}

/** Headers that name a rating out of five, in the languages people write spreadsheets in. */
const RATING_LABEL = /\b(rating|ratings|note|notes|stars|étoiles|etoiles|score|cote|cotes)\b/i;
/** Texts longer than this (or on several lines) are descriptions rather than names. */
const LONG_TEXT = 200;
/** The share of a column's texts that must contain a separator for it to read as a list. */
const LIST_SHARE = 0.3;
/** Separators that are rarely anything else inside a cell. */
const LIST_SEPARATORS = [';', '|'] as const;
/** Separators that are also written inside names and titles ("Paris, Texas", "Star Wars - Episode IV"). */
const NAME_SEPARATORS = [', ', ' / ', ' - ', ' & '] as const;
/** The share of a column's texts those must be in, when its name says it lists things. */
const NAME_LIST_SHARE = 0.2;

/** Words of a column's name that say it lists things (Authors, Genres, Réalisateurs, Mots-clés…). */
const LIST_WORDS = new Set([
  'authors',
  'auteurs',
  'autrices',
  'directors',
  'realisateurs',
  'realisatrices',
  'actors',
  'acteurs',
  'actrices',
  'cast',
  'casting',
  'artists',
  'artistes',
  'genres',
  'tags',
  'etiquettes',
  'keywords',
  'mots',
  'categories',
  'subjects',
  'sujets',
  'themes',
  'languages',
  'langues',
  'platforms',
  'plateformes',
  'designers',
  'illustrators',
  'illustrateurs',
  'translators',
  'traducteurs',
  'mechanics',
  'mecaniques',
  'writers',
  'scenaristes',
  'composers',
  'compositeurs',
  'performers',
  'interpretes',
  'creators',
  'createurs',
  'contributors',
  'publishers',
  'editeurs',
  'studios',
  'countries',
  'pays',
  'formats',
  'shelves',
  'etageres',
  'producers',
  'producteurs',
  'characters',
  'personnages',
  'labels',
]);

/**
 * Words of a column's name that say it holds codes (ISBN, EAN, IMDb's "Const", an "id"…): they stay
 * text, never numbers, so a leading zero or a 13-digit code is never lost or rounded.
 */
const CODE_WORDS = new Set([
  'id',
  'ids',
  'isbn',
  'isbn10',
  'isbn13',
  'ean',
  'ean13',
  'upc',
  'gtin',
  'asin',
  'issn',
  'imdb',
  'imdbid',
  'tmdb',
  'tmdbid',
  'tconst',
  'const',
  'barcode',
  'barcodes',
  'sku',
  'ref',
  'reference',
  'references',
  'code',
  'codes',
  'barre',
  'barres',
  'codebarre',
  'codebarres',
  'oclc',
  'lccn',
  'uuid',
  'guid',
  'bggid',
  'mbid',
  'catno',
  'serial',
  'matricule',
]);
const labelWords = (label: string) =>
  comparableLabel(label)
    .split(' ')
    .filter((w) => w !== '');

/**
 * Words that make a column a measure of the thing a code names ("IMDb Rating", "TMDB Votes"): a number,
 * even beside a code's name.
 */
const MEASURE_WORDS = new Set([
  'rating',
  'ratings',
  'note',
  'notes',
  'cote',
  'cotes',
  'score',
  'scores',
  'stars',
  'etoiles',
  'votes',
  'vote',
  'popularity',
  'popularite',
  'count',
  'nombre',
  'runtime',
  'duree',
  'year',
  'annee',
  'rank',
  'rang',
]);

/** Whether a column's name says it holds codes (and not a measure beside a code's name). */
export function isCodeLabel(label: string): boolean {
  const words = labelWords(label);
  if (words.some((w) => MEASURE_WORDS.has(w))) return false;
  return words.some((w) => CODE_WORDS.has(w) || /^(isbn|ean|upc|imdb|tmdb|asin)/.test(w));
}
/** Whether a column's name says it lists things. */
const isListLabel = (label: string) => labelWords(label).some((w) => LIST_WORDS.has(w));

/** A number that is a code: a leading zero ("007", "0451"), or the 10 or 13 digits of an ISBN or EAN (hyphens aside). */
function looksLikeCode(text: string): boolean {
  if (/^0\d+$/.test(text)) return true;
  const digits = text.replace(/-/g, '');
  return /^\d[\d-]*[\dX]$/i.test(text) && (/^\d{9}[\dX]$/i.test(digits) || /^\d{12,14}$/.test(digits));
}

/**
 * The separator of several values in a column's cells, or undefined. ";" and "|" are taken when enough
 * cells have them; ", ", " / ", " - " and " & " only for a column whose name lists things, and not
 * when every cell is one "Last, First" name.
 */
function listSeparator(label: string, present: readonly string[]): string | undefined {
  const share = (sep: string) => present.filter((t) => t.includes(sep)).length;
  const plain = LIST_SEPARATORS.find((sep) => share(sep) >= Math.max(1, present.length * LIST_SHARE));
  if (plain || !isListLabel(label) || present.some((t) => t.includes('\n'))) return plain;
  const found = NAME_SEPARATORS.map((sep) => ({ sep, count: share(sep) }))
    .filter(({ count }) => count >= Math.max(1, present.length * NAME_LIST_SHARE))
    .sort((a, b) => b.count - a.count)[0];
  if (!found) return undefined;
  const split = present.filter((t) => t.includes(found.sep)).map((t) => t.split(found.sep).map((p) => p.trim()));
  // "Doe, John": two pieces of one word each is a name written last name first, not two names.
  const lastFirst = found.sep === ', ' && split.every((pieces) => pieces.length === 2 && pieces.every((p) => !/\s/.test(p)));
  return lastFirst ? undefined : found.sep;
}

const all = (texts: readonly string[], test: (text: string) => boolean) => texts.length > 0 && texts.every(test);
const reads = (type: PropertyType, order: DateOrder) => (text: string) => coerceText(type, text, order, { strict: true }).ok;

/** The day/month order of the dates among these texts: a first number over 12 is a day, a second a day too. */
export function guessDateOrder(texts: readonly string[]): DateOrder {
  for (const text of texts) {
    const match = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.]\d{4}\s*$/.exec(text);
    if (!match) continue;
    if (Number(match[1]) > 12) return 'dmy';
    if (Number(match[2]) > 12) return 'mdy';
  }
  // Dates that say nothing either way read day first, as most of the world writes them.
  return texts.some((text) => /^\s*\d{1,2}[-/.]\d{1,2}[-/.]\d{4}\s*$/.test(text)) ? 'dmy' : 'ymd';
}

/** The content type of a column from its texts (blank ones aside) and its header. */
export function guessField(label: string, texts: readonly string[], order: DateOrder): FieldGuess {
  // Judged on the text the import stores: markup taken out as mapping takes it out.
  const present = texts.map((t) => htmlToText(t).trim()).filter((t) => t !== '');
  const separator = listSeparator(label, present);
  const pieces = separator ? present.flatMap((t) => t.split(separator).map((p) => p.trim())).filter((p) => p !== '') : present;
  const list = (type: PropertyType): FieldGuess => ({ type, multiple: separator !== undefined, split: separator ?? null });
  const code = isCodeLabel(label) || pieces.some(looksLikeCode);
  // Yes/no before numbers: a column of 0 and 1 reads as numbers unless a word says otherwise.
  if (!code && all(pieces, reads('yesno', order)) && pieces.some((t) => !/^\d+$/.test(t))) return list('yesno');
  if (all(pieces, reads('number', order))) {
    if (code) return list('text');
    // Out of 10 (IMDb, Letterboxd's ×2) reads as a rating too; out of 100 is as often a total as a score.
    const rating = RATING_LABEL.test(label) && (all(pieces, reads('rating', order)) || ratingScale(pieces) === 10);
    return list(rating ? 'rating' : 'number');
  }
  if (!code && all(pieces, reads('date', order))) return list('date');
  if (all(pieces, (t) => /^#[0-9a-f]{6}$/i.test(t))) return list('color');
  if (all(pieces, (t) => /^https?:\/\/\S+$/i.test(t) && reads('url', order)(t))) return list('url');
  if (!separator && present.some((t) => t.length > LONG_TEXT || t.includes('\n')))
    return { type: 'longtext', multiple: false, split: null };
  return list('text');
}

/**
 * The scale a column of ratings is on, from its numbers: 10 when one is over 5, 100 when one is over 10,
 * null for Vitrine's own 0–5 (or texts that give no number, or numbers over 100). Shares ("8/10") say
 * their own scale and are left aside.
 */
export function ratingScale(texts: readonly string[]): RatingScale | null {
  const numbers = texts
    .map((t) => t.trim())
    .filter((t) => t !== '' && !t.includes('/'))
    .map((t) => Number(t.replace(',', '.').replace(/^(\d+(?:\.\d+)?).*$/, '$1')))
    .filter((n) => Number.isFinite(n));
  const top = Math.max(0, ...numbers);
  if (top > 100 || numbers.some((n) => n < 0)) return null;
  return top > 10 ? 100 : top > 5 ? 10 : null;
}
