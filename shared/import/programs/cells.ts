// How the book programs write values in their cells: ratings on their own scales, dates with or without
// time, reading statuses in their own words, ISBNs as spreadsheet formulas. Shared by their tables.

/** A cell padded with spaces, or quoted after a space (`, "Dune"`) which CSV readers keep as text. */
export function unpad(text: string): string {
  const trimmed = text.trim();
  const quoted = /^"(.*)"$/s.exec(trimmed);
  return (quoted ? quoted[1]!.replaceAll('""', '"') : trimmed).trim();
}

/** ="0465042333" (a formula keeping the leading zero in spreadsheets) → 0465042333. */
export function unformula(text: string): string {
  const match = /^="(.*)"$/.exec(text.trim());
  return (match ? match[1]! : text).trim();
}

/** A rating on a 0–`outOf` scale as Vitrine's 0–5; nothing for 0 (every program's "not rated") or text. */
export function ratingOutOf(outOf: number) {
  return (text: string): string | undefined => {
    const n = Number(text.trim().replace(',', '.'));
    if (text.trim() === '' || !Number.isFinite(n) || n <= 0 || n > outOf) return undefined;
    return String((n * 5) / outOf);
  };
}

/** 2024/01/15, 2024-01-15T13:01:12.937 or [2024-01-15] → 2024-01-15; other texts stay as they are. */
export function dayOf(text: string): string {
  const m = /^\[?(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(text.trim());
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : text.trim();
}

/** The first year a text holds: "2019-03-05T01:00:00+01:00", "Gallimard (1979)" → 2019, 1979. */
/** Years before 1000 are left out: Calibre writes 0101 for a date it does not know. */
export const yearOf = (text: string) => /\b([1-9]\d{3})\b/.exec(text)?.[1];

/** The last part of an address or a path: https://inventaire.io/items/93dbd → 93dbd; /works/OL1W → OL1W. */
export const lastSegment = (text: string) => text.trim().replace(/\/+$/, '').split('/').pop();

/**
 * The statuses every program's shelves come down to, so a collector filters books the same way
 * whatever they came from.
 */
export const STATUSES = ['owned', 'wishlist', 'read', 'to-read', 'currently-reading', 'did-not-finish'] as const;
export type ReadingStatus = (typeof STATUSES)[number];

const STATUS_WORDS: Record<string, ReadingStatus> = {
  read: 'read',
  finished: 'read',
  'already read': 'read',
  'to-read': 'to-read',
  'to read': 'to-read',
  'want to read': 'to-read',
  planned: 'to-read',
  'currently-reading': 'currently-reading',
  'currently reading': 'currently-reading',
  reading: 'currently-reading',
  in_progress: 'currently-reading',
  'did-not-finish': 'did-not-finish',
  'did not finish': 'did-not-finish',
  dnf: 'did-not-finish',
  abandoned: 'did-not-finish',
  'stopped-reading': 'did-not-finish',
  'stopped reading': 'did-not-finish',
  owned: 'owned',
  'owned-books': 'owned',
  // LibraryThing's collections.
  'your library': 'owned',
  'read but unowned': 'read',
  wishlist: 'wishlist',
  'wish list': 'wishlist',
  'to-buy': 'wishlist',
};

/** A shelf's or status's words as one of STATUSES; nothing for a shelf of the person's own. */
export const statusOf = (text: string): ReadingStatus | undefined => STATUS_WORDS[text.trim().toLowerCase()];

/** Each of a cell's shelves that says a status, once. */
export const statusesOf = (texts: readonly string[]): ReadingStatus[] => [...new Set(texts.map(statusOf).filter((s) => s !== undefined))];

/** "Cortazar, Julio" → "Julio Cortazar": names as the programs that write them first name first do. */
export function firstNameFirst(name: string): string {
  const parts = name.split(',').map((p) => p.trim());
  return parts.length === 2 && parts[0] && parts[1] ? `${parts[1]} ${parts[0]}` : name.trim();
}

/**
 * Cells a CSV reader cut inside a quoted value because a space came before its quote
 * (`1 , "Herbert, Frank" , …`, which CSV reads as plain text), joined again.
 */
export function rejoinPadded(cells: readonly string[], delimiter: string): string[] {
  const joined: string[] = [];
  let open: string | null = null;
  // A value ends on an odd number of quotes (an even number is quotes doubled inside it).
  const closes = (text: string) => (/("+)\s*$/.exec(text)?.[1]!.length ?? 0) % 2 === 1;
  for (const cell of cells) {
    if (open !== null) {
      open += delimiter + cell;
      if (closes(cell)) {
        joined.push(open);
        open = null;
      }
    } else if (cell.trimStart().startsWith('"') && !(cell.trim().length > 1 && closes(cell.trimStart().slice(1)))) {
      open = cell;
    } else {
      joined.push(cell);
    }
  }
  if (open !== null) joined.push(open);
  return joined;
}
