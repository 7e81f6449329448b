// The benches' CSV of books: every bench property but the cover, three authors each. The 10,000-row
// import bench reads short rows; the large-import bench (`long`) adds what makes a real file heavy:
// long summaries, notes over two lines in one row in seven, a quotation, and one rating in ten unreadable.
import { PROPERTIES } from './bench-seed.mjs';

const WORDS = ['storm', 'ship', 'harbour', 'lantern', 'winter', 'orchard', 'letter', 'river', 'mountain', 'garden', 'silence', 'journey'];

/** A long text made of the rows' number and a rotation of words, about `length` characters. */
function prose(n, length) {
  const words = [];
  for (let i = 0, size = 0; size < length; i += 1) {
    const word = WORDS[(n * 7 + i * 5) % WORDS.length];
    words.push(word);
    size += word.length + 1;
  }
  return words.join(' ');
}

const quote = (text) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * `rows` books as CSV text and its columns. `title` begins each title, `isbnPrefix` each ISBN (the
 * benches keep theirs apart); `long` gives the large-import bench's heavy rows.
 */
export function bookCsv(rows, { title = 'Imported saga', isbnPrefix = '979', long = false } = {}) {
  const columns = [...PROPERTIES.filter(([, type]) => type !== 'image').map(([key]) => key), ...(long ? ['notes', 'quote'] : [])];
  const lines = [columns.join(',')];
  for (let n = 1; n <= rows; n += 1) {
    const value = {
      title: `${title} ${n}`,
      subtitle: `Volume ${(n % 12) + 1}`,
      authors: `Author ${n % 997}|Author ${(n * 7) % 991}|Author ${(n * 13) % 983}`,
      series: `Series ${n % 2000}`,
      publisher: `Publisher ${n % 150}`,
      year: String(1900 + (n % 125)),
      pages: String(80 + (n % 900)),
      isbn: `${isbnPrefix}${String(n).padStart(10, '0')}`,
      language: ['English', 'French', 'German'][n % 3],
      genre: ['fantasy', 'mystery', 'history', 'poetry'][n % 4],
      format: ['paperback', 'hardcover'][n % 2],
      summary: long
        ? `${prose(n, 30)}, "number ${n}", ${prose(n + 1, 20)}`
        : `A story of storms, ships and the sea, number ${n}, told over many evenings`,
      read: n % 2 === 0 ? 'yes' : 'no',
      // One in ten unrated, as people write it: a cell the import leaves out and its report lists.
      rating: long && n % 10 === 0 ? 'unrated' : String((n % 11) / 2),
      // One row in seven has long notes over two lines, as a reader's own notes are.
      notes: n % 7 === 0 ? `${prose(n, 120)}\n${prose(n + 3, 60)}` : '',
      quote: prose(n + 2, 8),
    };
    lines.push(columns.map((key) => quote(value[key])).join(','));
  }
  return { text: `${lines.join('\n')}\n`, columns };
}
