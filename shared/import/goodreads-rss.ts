// A Goodreads shelf's RSS feed (/review/list_rss/<user id>?shelf=<shelf>), the only way Goodreads still
// gives a shelf without a person exporting it by hand: one <item> per book with its Goodreads id, title,
// author, ISBN, cover address, the person's rating (0 = not rated), shelves and dates (RFC 822, as RSS
// writes them). Its references are those of the Goodreads CSV export, so a library imported from the
// export is updated by the feed, never duplicated.
import { putValues, importField, type ImportField, type ImportRecord } from './records';
import { child, type XmlElement } from './xml';

export const GOODREADS_RSS_RECORD = 'item';

/** An RSS document whose items carry Goodreads' own elements. */
export const isGoodreadsRssHead = (head: string) => /<rss[\s>]/.test(head) && /goodreads/i.test(head);

export const GOODREADS_RSS_FIELDS: ImportField[] = [
  importField('title', 'title', 'text', 'title'),
  importField('authors', 'author_name', 'text', 'authors', true),
  importField('isbn', 'isbn', 'text', 'isbn'),
  importField('cover', 'book_large_image_url', 'image', 'cover'),
  importField('pages', 'num_pages', 'number', 'pages'),
  importField('year', 'book_published', 'number', 'year'),
  importField('rating', 'user_rating', 'rating', 'rating'),
  importField('shelves', 'user_shelves', 'text', undefined, true),
  importField('date_read', 'user_read_at', 'date'),
  importField('date_added', 'user_date_added', 'date'),
  importField('review', 'user_review', 'longtext'),
  importField('description', 'book_description', 'longtext'),
];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "Wed, 10 Dec 2025 19:04:54 -0800" → 2025-12-10 (the day as written, in the feed's own zone). */
export function rssDate(text: string | undefined): string | undefined {
  const match = /(\d{1,2})\s+([A-Za-z]{3})[a-z]*\s+(\d{4})/.exec(text ?? '');
  if (!match) return undefined;
  const month = MONTHS.indexOf(match[2]!.toLowerCase());
  if (month < 0) return undefined;
  return `${match[3]}-${String(month + 1).padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
}

/** Goodreads' placeholder for a book without a cover is no cover. */
const realCover = (address: string | undefined) => (address && !/nophoto/i.test(address) ? address : undefined);

export function goodreadsRssRecord(row: number, item: XmlElement): ImportRecord {
  const values: Record<string, string[]> = {};
  const put = (key: string, ...texts: (string | undefined)[]) => putValues(values, key, texts);
  const text = (name: string) => child(item, name)?.text.trim() || undefined;
  put('title', text('title'));
  put('authors', text('author_name'));
  put('isbn', text('isbn'));
  put('cover', realCover(text('book_large_image_url') ?? text('book_image_url')));
  put('pages', child(child(item, 'book'), 'num_pages')?.text.trim() || undefined);
  put('year', text('book_published'));
  const rating = text('user_rating');
  if (rating !== '0') put('rating', rating);
  put('shelves', ...(text('user_shelves') ?? '').split(','));
  put('date_read', rssDate(text('user_read_at')));
  put('date_added', rssDate(text('user_date_added')));
  put('review', text('user_review'));
  put('description', text('book_description'));
  const id = text('book_id') ?? null;
  return { row, id, values };
}
