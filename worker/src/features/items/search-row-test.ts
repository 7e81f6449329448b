// The test of a search on one item that a walk along a sort order makes for each entry it passes.
// FTS5 answers `MATCH '"story"*' AND rowid = ?` by merging the doclists of every term that starts with
// the word (the index keeps prefixes of 2 and 3 characters only): milliseconds for a word many items
// hold, on every entry. So each plain word (ASCII letters and digits) is first looked for in the item's
// indexed text, read by rowid: found at the start of a token, the item matches; found nowhere even with
// any non-ASCII character standing for a letter, it does not; only the rare text in between is asked
// of the index. The value filters' tokens are whole ones, cheaper to find, and cheaper still read from the
// item's values, which they are made of (items.writer.ts). The answer is the index's own in every case.
import { DIACRITICS } from '@worker/lib/unicode61';

/** Every code point outside ASCII, as a GLOB range. */
const NON_ASCII = '\u0080-\u{10FFFF}';

/**
 * D1 refuses a GLOB pattern of more than 50 bytes: a word's start is looked for whole up to 30 letters
 * (longer words are the index's to test), and its letters each with any non-ASCII character four at a time.
 */
const WHOLE_WORD_MOST = 30;
const LETTERS_A_PATTERN = 4;

/** An expression of matchExpression (items.search.ts), its plain words read back, and what follows it. */
const SEARCH_THEN_REST = /^\(\{([a-z_ ]+)\} : \(((?:"[A-Za-z0-9]+"\* ?)+)\)\)(?: AND ([\s\S]+))?$/;

/** The columns, plain words (lower-cased, as the tokenizer folds ASCII) and rest of a match; null when a word is not plain. */
export function plainSearch(match: string): { columns: string[]; words: string[]; rest: string | null } | null {
  const parts = SEARCH_THEN_REST.exec(match);
  if (!parts) return null;
  const words = [...parts[2]!.matchAll(/"([A-Za-z0-9]+)"\*/g)].map((m) => m[1]!.toLowerCase());
  if (words.some((word) => word.length > WHOLE_WORD_MOST)) return null;
  return { columns: parts[1]!.split(' '), words, rest: parts[3] ?? null };
}

/** One property's group of facetsExpression: `facets : ("f12v6869" OR "f12v7473")`. */
const FACET_GROUP = /^facets : \(("f\d+v[0-9a-z]*"(?: OR "f\d+v[0-9a-z]*")*)\)$/;
const FACET_TOKEN = /"f(\d+)v(true|false|(?:[0-9a-f]{2})*)"/g;

/**
 * The value filters of facetsExpression as SQL on item `id`'s values, which the index's facet tokens are
 * made of: a text value's token is the hex of its sort text, a yes/no's is true when its number is 1
 * (items.writer.ts, FACETS; no sort text, the empty token). Null when `rest` is anything else.
 */
export function facetsOnValues(rest: string, id: string): string | null {
  const groups = rest.split(' AND ').map((group) => FACET_GROUP.exec(group));
  if (groups.some((group) => !group)) return null;
  const tests = groups.map((group) => {
    const tokens = [...group![1]!.matchAll(FACET_TOKEN)];
    const propertyIds = new Set(tokens.map((token) => token[1]));
    if (propertyIds.size !== 1) return null;
    const property = Number(tokens[0]![1]);
    // (The unary plus keeps SQLite on the primary key: the item's values of that property.)
    const wanted = tokens.map(([, , value]) =>
      value === 'true'
        ? '+faceted.sort_number IS 1'
        : value === 'false'
          ? '+faceted.sort_number IS NOT 1'
          : `coalesce(+faceted.sort_text, '') = CAST(x'${value}' AS TEXT)`,
    );
    const values = (positions: string) =>
      `EXISTS (SELECT 1 FROM item_values faceted WHERE faceted.item_id = ${id} AND faceted.property_id = ${property} AND faceted.position ${positions} AND (${wanted.join(' OR ')}))`;
    // The first value is named by the whole primary key, a row read; the others only for a property of
    // several values (asked once a statement), whose look-up also reads the row after them.
    return `(${values('= 0')} OR ((SELECT multiple FROM properties WHERE id = ${property}) AND ${values('> 0')}))`;
  });
  return tests.every((test) => test !== null) ? tests.join(' AND ') : null;
}

const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The index's own test of `match` (an SQL expression, or a bound parameter) on item `id`. */
const indexTest = (match: string, id: string) =>
  `EXISTS (SELECT 1 FROM items_search WHERE items_search MATCH ${match} AND items_search.rowid = ${id})`;

/** A letter of a word, or any non-ASCII character (which the index may fold to it). */
const letterOrOther = (letter: string) => `[${letter}${NON_ASCII}]`;

/**
 * Patterns that the text (lower-cased, no accent that extends a word) matches whenever a token starts
 * with the word as the index folds it: its first letters after a separator, and each run of its letters.
 */
function maybePatterns(word: string): string[] {
  const letters = [...word];
  const runs = Array.from({ length: Math.ceil(letters.length / LETTERS_A_PATTERN) }, (_, n) =>
    letters.slice(n * LETTERS_A_PATTERN, (n + 1) * LETTERS_A_PATTERN),
  );
  return [`*[^a-z0-9]${letters.slice(0, 3).map(letterOrOther).join('')}*`, ...runs.map((run) => `*${run.map(letterOrOther).join('')}*`)];
}

/**
 * SQL that is true when item `id` matches `match`, which binds one parameter (the match, as the index's
 * test did). The caller's searchable text, lower-cased (SQLite folds ASCII only) behind a space:
 * - holds a word right after an ASCII separator: the start of a token the index folds to it, a match;
 * - holds no accent that extends a word, and misses a pattern of maybePatterns (a non-ASCII character
 *   folds to one character): no token starts with the word, no match;
 * - otherwise the index answers. The rest (value filters: whole tokens) is always the index's, which
 *   finds a whole token by rowid without merging doclists.
 */
export function searchRowTest(match: string, id: string): string {
  const plain = plainSearch(match);
  if (!plain) {
    // Value filters alone: the item's values; anything else, the index (its parameter unused otherwise).
    const values = facetsOnValues(match, id);
    return values ? `(${values} AND ? IS NOT NULL)` : indexTest('?', id);
  }
  const text = `lower(' ' || ${plain.columns.map((column) => `coalesce(searched.${column}, '')`).join(" || ' ' || ")})`;
  const starts = plain.words.map((word) => `${text} GLOB '*[^a-z0-9${NON_ASCII}]${word}*'`).join(' AND ');
  const maybe = plain.words
    .flatMap(maybePatterns)
    .map((pattern) => `${text} GLOB '${pattern}'`)
    .join(' AND ');
  const rest = plain.rest ? ` AND ${(plain.rest && facetsOnValues(plain.rest, id)) ?? indexTest(sqlText(plain.rest), id)}` : '';
  return `EXISTS (SELECT 1 FROM items_search searched WHERE searched.rowid = ${id} AND CASE WHEN ${starts} THEN 1${rest}
    WHEN NOT ${text} GLOB '*[${DIACRITICS}]*' AND NOT (${maybe}) THEN 0 ELSE ${indexTest('?', id)} END)`;
}
