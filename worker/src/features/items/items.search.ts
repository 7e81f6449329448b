// Reading items_search (FTS5): queries from what people type, and the facet tokens that filters
// match. The index itself is written by items.writer.ts.
import type { CallerLevel } from '@worker/lib/visibility';
import { unicode61Words } from '@worker/lib/unicode61';
import { searchColumns } from '@worker/lib/visibility';

/**
 * The facet token of a value, as items.writer.ts writes them into the index: "f<property id>v<hex of the
 * lower-cased value>" (or v true / v false).
 */
export function facetToken(propertyId: number, type: string, value: string): string {
  if (type === 'yesno') return `f${propertyId}v${value === 'true' ? 'true' : 'false'}`;
  const bytes = new TextEncoder().encode(value.toLowerCase().slice(0, 200));
  return `f${propertyId}v${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Enough to narrow any catalogue; more words only cost the index work. */
const MAX_SEARCH_WORDS = 10;
/** Longer words still match as prefixes of what they start with. */
const MAX_WORD_LENGTH = 64;

/**
 * An FTS5 query from what the user typed: every word must match, as a prefix, accents and case
 * ignored (the tokenizer removes diacritics). Words are cut where the index tokenizer cuts them, so
 * each quoted word is one token; quotes inside a word are doubled, so input cannot change the syntax.
 */
export function matchExpression(input: string, level: CallerLevel): string | null {
  const words = searchWords(input);
  if (words.length === 0) return null;
  return `{${searchColumns(level)}} : (${words.map((w) => `"${w.replaceAll('"', '""')}"*`).join(' ')})`;
}

function searchWords(input: string): string[] {
  return unicode61Words(input.normalize('NFC'))
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => Array.from(word).slice(0, MAX_WORD_LENGTH).join(''));
}

/** The facets part of a match: any of the tokens of each property, all properties required. */
export function facetsExpression(groups: string[][]): string {
  return groups.map((tokens) => `facets : (${tokens.map((t) => `"${t}"`).join(' OR ')})`).join(' AND ');
}

/** A match limited to one collection's rows: every search row names its collection in the facets column. */
export function inCollection(match: string, collectionId: number): string {
  return `(${match}) AND facets : "c${collectionId}"`;
}
