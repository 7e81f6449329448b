// The key a text value sorts by, computed the same way wherever values are written (item edits,
// copies, the demo's seed, the re-keying job): titles read in the order a person expects.
// - case and accents do not count ("Élan" sorts with "elan"; œ, æ and ß are spelled out);
// - numbers compare as numbers: every run of digits is padded to the same width, so "Book 2" comes
//   before "Book 10";
// - a leading article is skipped in English and French ("The", "A", "An", "Le", "La", "L’", "Les",
//   "Un", "Une"), as libraries file them; a title that is only an article keeps it.
// No DOM, no Workers APIs here: the SPA and the Worker both import it.

/** Width digit runs are padded to: wider than any count or year a title carries. */
export const SORT_KEY_DIGITS = 12;
/** Keys are cut here: the sort index stays small and the first 200 characters decide the order. */
export const SORT_KEY_LENGTH = 200;

const LIGATURES: Readonly<Record<string, string>> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', ı: 'i' };

// "l’" and "l'" glue to the next word; the others are followed by a space.
const ARTICLE = /^(?:(?:the|an|a|les|le|la|une|un)\s+|l['’ʼ]\s*)/u;

export function naturalSortKey(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[œæßøđłı]/g, (c) => LIGATURES[c] ?? c)
    .replace(/[‘’ʼ`´]/g, "'")
    .replace(/\s+/gu, ' ')
    .trim();
  const stripped = folded.replace(ARTICLE, '');
  const body = stripped.length > 0 ? stripped : folded;
  return body
    .replace(/\d+/g, (digits) => {
      const significant = digits.replace(/^0+(?=\d)/, '');
      return significant.length >= SORT_KEY_DIGITS ? significant : significant.padStart(SORT_KEY_DIGITS, '0');
    })
    .slice(0, SORT_KEY_LENGTH);
}
