// First guesses for a file without a known layout (plain CSV): the content type of each column and
// whether it holds several values, from the texts of its first records; and whether dates in the file
// put the day or the month first. The person sees and can change every guess before importing.
import type { PropertyType } from '../catalogue';
import { coerceText, type DateOrder, type RatingScale } from './mapping';

export interface FieldGuess {
  type: PropertyType;
  multiple: boolean;
  /** The separator of several values in one cell, when the column looks like a list. */
  split: string | null;
}

/** Headers that name a rating out of five, in the languages people write spreadsheets in. */
const RATING_LABEL = /\b(rating|ratings|note|notes|stars|étoiles|etoiles|score)\b/i;
/** Texts longer than this (or on several lines) are descriptions rather than names. */
const LONG_TEXT = 200;
/** The share of a column's texts that must contain a separator for it to read as a list. */
const LIST_SHARE = 0.3;
const LIST_SEPARATORS = [';', '|'] as const;

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
  const present = texts.map((t) => t.trim()).filter((t) => t !== '');
  const separator = LIST_SEPARATORS.find((sep) => present.filter((t) => t.includes(sep)).length >= Math.max(1, present.length * LIST_SHARE));
  const pieces = separator ? present.flatMap((t) => t.split(separator).map((p) => p.trim())).filter((p) => p !== '') : present;
  const list = (type: PropertyType): FieldGuess => ({ type, multiple: separator !== undefined, split: separator ?? null });
  // Yes/no before numbers: a column of 0 and 1 reads as numbers unless a word says otherwise.
  if (all(pieces, reads('yesno', order)) && pieces.some((t) => !/^\d+$/.test(t))) return list('yesno');
  if (all(pieces, reads('number', order))) {
    // Out of 10 (IMDb, Letterboxd's ×2) reads as a rating too; out of 100 is as often a total as a score.
    const rating = RATING_LABEL.test(label) && (all(pieces, reads('rating', order)) || ratingScale(pieces) === 10);
    return list(rating ? 'rating' : 'number');
  }
  if (all(pieces, reads('date', order))) return list('date');
  if (all(pieces, (t) => /^#[0-9a-f]{6}$/i.test(t))) return list('color');
  if (all(pieces, (t) => /^https?:\/\/\S+$/i.test(t) && reads('url', order)(t))) return list('url');
  if (!separator && present.some((t) => t.length > LONG_TEXT || t.includes('\n'))) return { type: 'longtext', multiple: false, split: null };
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
